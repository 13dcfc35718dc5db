import type { Config } from '../../config.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export * from './types.ts';

export function createStorage(uploads: Config['uploads']): Storage {
  switch (uploads.driver) {
    case 'local':
      return createLocalDiskStorage(uploads.dir);
    case 's3':
      if (!uploads.s3) throw new Error('UPLOADS_DRIVER=s3 needs its UPLOADS_S3_* settings');
      return createS3Storage(uploads.s3);
  }
}
