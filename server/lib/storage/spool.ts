import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageLimitError } from './types.ts';

/** A new random object key: two hex digits of folder, then 32 hex digits. */
export function newObjectKey(): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}`;
}

export const objectKeyPattern = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

export interface SpooledFile {
  path: string;
  size: number;
  sha256: string;
  remove(): Promise<void>;
}

/**
 * Streams `source` into a new file under `dir`, counting and hashing as it goes, and fails with
 * `StorageLimitError` past `maxBytes` (the file is removed on any failure). Memory stays flat
 * whatever the size: nothing is held beyond the stream's own buffers.
 */
export async function spoolToFile(
  source: Readable,
  dir: string,
  maxBytes: number,
): Promise<SpooledFile> {
  // no await before the pipeline: the source must have a reader before it can fail
  mkdirSync(dir, { recursive: true });
  const filePath = path.join(dir, randomBytes(16).toString('hex'));
  const remove = () => rm(filePath, { force: true });
  try {
    const { size, sha256 } = await writeMetered(source, filePath, maxBytes);
    return { path: filePath, size, sha256, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Writes `source` to a new private file, counting and hashing as it goes; past `maxBytes` it fails
 * with StorageLimitError (the caller removes the partial file).
 */
export async function writeMetered(
  source: Readable,
  filePath: string,
  maxBytes: number,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new StorageLimitError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(source, meter, createWriteStream(filePath, { flags: 'wx', mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}
