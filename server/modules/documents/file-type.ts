import { Transform, type TransformCallback } from 'node:stream';

export interface DetectedType {
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg';
  extension: '.pdf' | '.png' | '.jpg';
}

const signatures: { bytes: number[]; type: DetectedType }[] = [
  {
    bytes: [0x25, 0x50, 0x44, 0x46, 0x2d],
    type: { contentType: 'application/pdf', extension: '.pdf' },
  },
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { contentType: 'image/png', extension: '.png' },
  },
  { bytes: [0xff, 0xd8, 0xff], type: { contentType: 'image/jpeg', extension: '.jpg' } },
];
const headLength = Math.max(...signatures.map((s) => s.bytes.length));

/** The type of a file by its first bytes (PDF, PNG or JPEG), or null for anything else. */
export function detectFileType(head: Buffer): DetectedType | null {
  const match = signatures.find(
    ({ bytes }) => head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte),
  );
  return match?.type ?? null;
}

export class UnsupportedFileTypeError extends Error {
  constructor() {
    super('The file is not a PDF, JPEG or PNG');
    this.name = 'UnsupportedFileTypeError';
  }
}

export class EmptyFileError extends Error {
  constructor() {
    super('The file is empty');
    this.name = 'EmptyFileError';
  }
}

/**
 * Passes a file through once its first bytes show an allowed type; fails otherwise, before
 * anything past the first chunk is written. The name and the declared type are never trusted.
 */
export class FileTypeCheck extends Transform {
  detected: DetectedType | null = null;
  private head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.detected) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < headLength) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.detected) return callback();
    if (this.head.length === 0) return callback(new EmptyFileError());
    this.decide(callback);
  }

  private decide(callback: TransformCallback) {
    this.detected = detectFileType(this.head);
    if (!this.detected) return callback(new UnsupportedFileTypeError());
    const head = this.head;
    this.head = Buffer.alloc(0);
    callback(null, head);
  }
}
