import type { Config } from '../../config.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import type { Storage } from './types.ts';

export * from './types.ts';

export function createStorage(uploads: Config['uploads']): Storage {
  switch (uploads.driver) {
    case 'local':
      return createLocalDiskStorage(uploads.dir);
  }
}
