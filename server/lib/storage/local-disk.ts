import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeMetered } from './spool.ts';
import { StorageNotFoundError, type Storage } from './types.ts';

const keyPattern = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
const tempDirName = '.incoming';

/**
 * Files under `dir`, in folders named by the first two hex digits of their random key. A file is
 * written under a temporary name and renamed only once complete, so a reader never sees half of one.
 */
export function createLocalDiskStorage(dir: string): Storage {
  const tempDir = path.join(dir, tempDirName);
  let ready = false;
  const ensureTempDir = () => {
    if (!ready) mkdirSync(tempDir, { recursive: true });
    ready = true;
  };

  function pathOf(key: string): string {
    if (!keyPattern.test(key)) throw new StorageNotFoundError();
    return path.join(dir, key);
  }

  const newKey = () => {
    const name = randomBytes(16).toString('hex');
    return `${name.slice(0, 2)}/${name}`;
  };

  return {
    newKey,

    async put(source, { maxBytes, key = newKey() }) {
      // no await before the pipeline: the source must have a reader before it can fail
      ensureTempDir();
      if (!keyPattern.test(key)) throw new StorageNotFoundError();
      const name = key.slice(3);
      const tempPath = path.join(tempDir, name);
      try {
        const { size, sha256 } = await writeMetered(source, tempPath, maxBytes);
        await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
        await rename(tempPath, path.join(dir, key));
        return { key, size, sha256 };
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = pathOf(key);
      const stream = createReadStream(file);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new StorageNotFoundError() : error),
        );
      });
      return stream as Readable;
    },

    async delete(key) {
      if (!keyPattern.test(key)) return;
      await rm(path.join(dir, key), { force: true });
      await rm(path.join(tempDir, key.slice(3)), { force: true });
    },
  };
}
