import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  s3Credentials,
  startS3Server,
  type S3TestServer,
} from '../../../tests/support/s3-server.ts';
import { createS3Storage } from './s3.ts';
import { StorageLimitError, StorageNotFoundError, type Storage } from './types.ts';

let s3: S3TestServer;
let spoolDir: string;
let storage: Storage;

const options = () => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  credentials: s3Credentials,
  forcePathStyle: true,
  prefix: 'documents/',
  spoolDir,
});

beforeAll(async () => {
  s3 = await startS3Server();
  spoolDir = await mkdtemp(path.join(tmpdir(), 'portal-spool-'));
  storage = createS3Storage(options());
});
afterAll(async () => {
  await s3?.stop();
  await rm(spoolDir, { recursive: true, force: true });
});

const objectNames = () => s3.objectNames();

/** A stream of `size` random bytes in 64 KB chunks, as an upload arrives. */
function chunked(data: Buffer) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 65_536) yield data.subarray(i, i + 65_536);
    })(),
  );
}

describe('the S3 storage driver', () => {
  it('stores a streamed file under a random key in the bucket, and gives back the same bytes', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const stored = await storage.put(chunked(data), { maxBytes: 10 * 1024 * 1024 });
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await objectNames()).toContain(`documents/${stored.key}`);
    expect((await buffer(await storage.get(stored.key))).equals(data)).toBe(true);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('refuses a file over the limit, and nothing reaches the bucket or stays on disk', async () => {
    const before = await objectNames();
    await expect(
      storage.put(chunked(randomBytes(2 * 1024 * 1024)), { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await objectNames()).toEqual(before);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('loses nothing and leaves nothing when the upload breaks halfway', async () => {
    const before = await objectNames();
    const broken = new Readable({
      read() {
        this.push(randomBytes(65_536));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put(broken, { maxBytes: 1024 * 1024 })).rejects.toThrow(
      'connection reset',
    );
    expect(await objectNames()).toEqual(before);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('deletes an object; reading it then, or a key it never had, is "not found"', async () => {
    const stored = await storage.put(chunked(Buffer.from('%PDF-1.7 hello')), { maxBytes: 1024 });
    await storage.delete(stored.key);
    expect(await objectNames()).not.toContain(`documents/${stored.key}`);
    await expect(storage.get(stored.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get('00/00000000000000000000000000000000')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    await expect(storage.get('../etc/passwd')).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(stored.key);
  });

  it('is refused by the server when signed with the wrong secret', async () => {
    const wrong = createS3Storage({
      ...options(),
      credentials: { ...s3Credentials, secretAccessKey: 'not-the-secret' },
    });
    await expect(wrong.put(chunked(Buffer.from('data')), { maxBytes: 1024 })).rejects.toThrow(
      /signature/i,
    );
    expect(await readdir(spoolDir)).toEqual([]);
  });
});
