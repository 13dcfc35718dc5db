import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

const objectSuffix = '._S3rver_object';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket on disk. */
  directory: string;
  /** The environment that points the portal at this bucket. */
  env: Record<string, string>;
  /**
   * The names of the objects in the bucket, read from s3rver's folder (its listing answers fail
   * signature checks for any client, a bug of its own).
   */
  objectNames(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server on loopback (@20minutes/s3rver, which checks request signatures), with
 * its bucket created from its configuration (the SDK's CreateBucket does not work against it).
 */
export async function startS3Server(bucket = 'portal-documents'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      UPLOADS_DRIVER: 's3',
      UPLOADS_S3_BUCKET: bucket,
      UPLOADS_S3_ENDPOINT: endpoint,
      UPLOADS_S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      UPLOADS_S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    },
    async objectNames() {
      const bucketDir = path.join(directory, bucket);
      const entries = await readdir(bucketDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && e.name.endsWith(objectSuffix))
        .map((e) =>
          path.relative(bucketDir, path.join(e.parentPath, e.name.slice(0, -objectSuffix.length))),
        )
        .sort();
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
