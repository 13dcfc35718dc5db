import { ApiError, readChosenFile } from '../../lib/api-client';
import type { FormFiles } from './form-values';

/**
 * Issue 25 §4: a file changed, moved or deleted on disk after it was chosen cannot be read any
 * more, and a request carrying it fails like a lost connection. Each file is read into memory
 * before sending: such a file is named to choose again, and what is sent cannot change on the way.
 */
export async function readChosenFiles(
  files: FormFiles,
): Promise<{ files: FormFiles; changed: string[] }> {
  const copies: FormFiles = {};
  const changed: string[] = [];
  for (const [key, file] of Object.entries(files)) {
    if (!file) continue;
    try {
      copies[key] = await readChosenFile(file);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'FILE_CHANGED') changed.push(key);
      else throw error;
    }
  }
  return { files: copies, changed };
}
