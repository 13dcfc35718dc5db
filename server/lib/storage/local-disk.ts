import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageLimitError, StorageNotFoundError, type Storage } from './types.ts';

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
      try {
        await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
        await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
        await rename(tempPath, path.join(dir, key));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
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
