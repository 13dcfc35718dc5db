import type { FastifyReply } from 'fastify';
import { StorageNotFoundError } from './storage/index.ts';

export interface StoredFile {
  stream: NodeJS.ReadableStream;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Sends a stored upload as a private download (never shown inline, never cached). A file the
 * storage no longer holds answers as `notFound` says, like one that never existed.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  open: () => Promise<StoredFile>,
  notFound: () => Error,
) {
  let file: StoredFile;
  try {
    file = await open();
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound();
    throw error;
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
