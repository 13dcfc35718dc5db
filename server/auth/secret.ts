import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * BETTER_AUTH_SECRET when set (required in production). Otherwise one random secret, created
 * on first start and kept in DATA_DIR/auth-secret, so sessions and e-mail links survive a restart.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.auth.secret) return config.auth.secret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return (await readFile(file, 'utf8')).trim();
    throw error;
  }
  return secret;
}
