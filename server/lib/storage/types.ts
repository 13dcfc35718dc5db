import type { Readable } from 'node:stream';

export interface StoredObject {
  /** The driver's name for the object: server-generated, never the uploader's file name. */
  key: string;
  size: number;
  sha256: string;
}

/** Where application documents live: local disk now, object storage later, same interface. */
export interface Storage {
  /** A fresh key for `put`: known before the object exists, so it can be recorded first (orphan cleanup). */
  newKey(): string;
  /**
   * Streams `source` into a new object (under `key` when given, from `newKey()`). Fails with
   * `StorageLimitError` past `maxBytes`, and with the source's own error when it errors; either
   * way nothing is left behind.
   */
  put(source: Readable, options: { maxBytes: number; key?: string }): Promise<StoredObject>;
  /** A stream of the object, or `StorageNotFoundError` when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object, and any half-written part of it; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export class StorageNotFoundError extends Error {
  constructor() {
    super('No such object');
    this.name = 'StorageNotFoundError';
  }
}
