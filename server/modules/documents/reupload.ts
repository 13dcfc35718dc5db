import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  documentKeys,
  documentLabel,
  type ApplicationView,
  type AnyDocumentKey,
  type DocumentKey,
} from '../../../shared/schemas/application.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { receiveSubmission, removeFiles, type ReceivedFile } from '../applications/intake.ts';
import { publishApplicationChange } from '../applications/live.ts';
import {
  findApplicationRecord,
  findDocument,
  insertDocuments,
  lockApplication,
} from '../applications/repository.ts';
import { toApplicationView } from '../applications/views.ts';
import { clearPending, markPending } from './orphans.ts';
import { readableApplication, type ApplicationReader } from '../../auth/access.ts';
import { documentNotFound } from './service.ts';

const notAskedFor = (key: AnyDocumentKey) =>
  new AppError(
    'DOCUMENT_NOT_REQUESTED',
    409,
    `${documentLabel(key)} has not been rejected, so there is nothing to send again.`,
  );

/**
 * A new version of a rejected document (issue 12, item 1): the same checks as at submission (type
 * by content, size while it streams, the form limits per client), stored beside the older versions,
 * which staff keep. The file is removed again when anything fails.
 */
/**
 * One document, `key`, from a multipart form that holds nothing else, with the submission's checks
 * (size, type, content). `beforeStoring` runs before the file is written (the caller's rate limit);
 * the file is marked pending until the caller's transaction clears it (orphans.ts), so the caller
 * removes it again when its transaction fails.
 */
export async function receiveOneDocument(
  app: FastifyInstance,
  req: FastifyRequest,
  key: AnyDocumentKey,
  beforeStoring: () => Promise<void>,
): Promise<ReceivedFile> {
  const { files } = await receiveSubmission(req, {
    storage: app.storage,
    maxFileBytes: app.config.uploads.maxFileBytes,
    maxTotalBytes: app.config.uploads.maxFileBytes,
    beforeWrite: (storageKey) => markPending(app.db, [storageKey]),
    // the application's documents and this one: another document is refused by name ("Send ... only")
    fileKeys: documentKeys.includes(key as DocumentKey) ? documentKeys : [...documentKeys, key],
    async validate(fields) {
      const names = Object.keys(fields);
      if (names.length > 0) {
        throw new AppError(
          'UNKNOWN_FIELD',
          400,
          `"${names[0]!.slice(0, 40)}" is not a field of this form: send the file only.`,
        );
      }
      await beforeStoring();
      return {};
    },
    accepts: (sent) => (sent === key ? null : `Send ${documentLabel(key)} only`),
  });
  const file = files[0];
  if (!file)
    throw new ValidationError(
      { [key]: 'Choose a file' },
      `Choose the ${documentLabel(key)} to send.`,
    );
  return file;
}

export async function uploadNewVersion(
  app: FastifyInstance,
  req: FastifyRequest,
  reader: ApplicationReader,
  { id: applicationId, key, part }: { id: string; key: AnyDocumentKey; part: number },
  beforeStoring: () => Promise<void>,
): Promise<ApplicationView> {
  let seenVersion: number;
  try {
    const application = await readableApplication(app, reader, applicationId, {
      notFound: documentNotFound,
    });
    const current = await findDocument(app.db, application.id, key, part);
    if (!current || current.state !== 'rejected') throw notAskedFor(key);
    seenVersion = current.version;
    if (!req.isMultipart()) {
      throw new AppError(
        'MULTIPART_REQUIRED',
        415,
        'Send the document as a multipart form (multipart/form-data).',
      );
    }
  } catch (error) {
    req.raw.resume();
    throw error;
  }

  const file = await receiveOneDocument(app, req, key, beforeStoring);
  const files = [file];

  try {
    await app.db.transaction(async (tx) => {
      const locked = await lockApplication(tx, applicationId);
      const current = locked ? await findDocument(tx, applicationId, key, part) : undefined;
      if (!locked || !current) throw documentNotFound();
      if (current.version !== seenVersion || current.state !== 'rejected') throw notAskedFor(key);
      await insertDocuments(tx, [
        {
          applicationId,
          key,
          part,
          version: current.version + 1,
          storageKey: file.stored.key,
          originalName: file.originalName,
          contentType: file.contentType,
          size: file.stored.size,
          sha256: file.stored.sha256,
        },
      ]);
      await clearPending(tx, [file.stored.key]);
      await publishApplicationChange(tx, applicationId, locked.userId);
    });
  } catch (error) {
    await removeFiles(app.storage, files);
    throw error;
  }
  const record = await findApplicationRecord(app.db, applicationId);
  return toApplicationView(record!);
}
