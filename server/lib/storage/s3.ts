import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { newObjectKey, objectKeyPattern, spoolToFile } from './spool.ts';
import { StorageNotFoundError, type Storage } from './types.ts';

export interface S3Options {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, Cloudflare R2, …); unset means AWS S3. */
  endpoint: string | null;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Prepended to every object key, e.g. `documents/`. */
  prefix: string;
  /** Where uploads wait, on local disk, until they are complete and sent. */
  spoolDir?: string;
}

/**
 * Documents in an S3-compatible bucket. An upload is first streamed to a local file (counted,
 * size-limited and hashed on the way), then streamed to the bucket in one PUT of known length with
 * its SHA-256, which the service checks: memory stays flat however many uploads run at once, and a
 * refused or broken upload never reaches the bucket. Downloads stream from the bucket.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // the SHA-256 is sent with each PUT; no extra streaming checksum (aws-chunked) on top
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const spoolDir = options.spoolDir ?? path.join(tmpdir(), 'portal-uploads-spool');
  const objectName = (key: string) => `${options.prefix}${key}`;

  return {
    newKey: newObjectKey,

    async put(source, { maxBytes, key = newObjectKey() }) {
      if (!objectKeyPattern.test(key)) throw new StorageNotFoundError();
      const file = await spoolToFile(source, spoolDir, maxBytes);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: objectName(key),
            Body: createReadStream(file.path),
            ContentLength: file.size,
            ContentType: 'application/octet-stream',
            ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64'),
          }),
        );
      } finally {
        await file.remove();
      }
      return { key, size: file.size, sha256: file.sha256 };
    },

    async get(key) {
      if (!objectKeyPattern.test(key)) throw new StorageNotFoundError();
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectName(key) }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        ) {
          throw new StorageNotFoundError();
        }
        throw error;
      }
    },

    async delete(key) {
      if (!objectKeyPattern.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectName(key) }));
    },
  };
}
