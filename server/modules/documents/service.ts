import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isAnyDocumentKey } from '../../../shared/schemas/application.ts';
import { isCaseworker, readableApplication, type ApplicationReader } from '../../auth/access.ts';
import type { SessionUser } from '../../auth/session.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findDocument, findDocumentVersion } from '../applications/repository.ts';
import { recordAudit } from '../audit/service.ts';

const extensions: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

export const documentNotFound = () =>
  new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found.');

/** ASCII letters, digits, dot, dash, underscore and space only; the stored type decides the extension. */
export function downloadName(originalName: string, contentType: string, fallback: string): string {
  const stem = path
    .parse(originalName)
    .name.replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^[._ ]+/, '')
    .slice(0, 100);
  return `${stem || fallback}${extensions[contentType] ?? ''}`;
}

/**
 * A document opens for its application's owner, for staff, or with that application's tracking
 * token; anyone else is told it does not exist.
 */
export async function openDocument(
  app: FastifyInstance,
  reader: ApplicationReader,
  applicationId: string,
  key: string,
  part = 1,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const application = await readableApplication(app, reader, applicationId, {
    staff: true,
    notFound: documentNotFound,
  });
  if (!isAnyDocumentKey(key)) throw documentNotFound();
  const document = await findDocument(app.db, application.id, key, part);
  if (!document) throw documentNotFound();
  if (isCaseworker(reader.user) && reader.user.id !== application.userId) {
    await recordAudit(app.db, {
      actorId: reader.user.id,
      action: 'document.downloaded',
      subjectType: 'document',
      subjectId: document.id,
      details: { applicationId: application.id, key: document.key, part: document.part },
    });
  }
  const stream = await app.storage.get(document.storageKey);
  return {
    stream,
    fileName: downloadName(document.originalName, document.contentType, key),
    contentType: document.contentType,
    size: document.size,
  };
}

/** Any stored version of a document, for staff only (older versions are not the applicant's); audited. */
export async function openDocumentVersion(
  app: FastifyInstance,
  staff: SessionUser,
  applicationId: string,
  documentId: string,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const document = await findDocumentVersion(app.db, applicationId, documentId);
  if (!document) throw documentNotFound();
  await recordAudit(app.db, {
    actorId: staff.id,
    action: 'document.downloaded',
    subjectType: 'document',
    subjectId: document.id,
    details: { applicationId, key: document.key, version: document.version },
  });
  const stream = await app.storage.get(document.storageKey);
  return {
    stream,
    fileName: downloadName(
      document.originalName,
      document.contentType,
      `${document.key}-v${document.version}`,
    ),
    contentType: document.contentType,
    size: document.size,
  };
}
