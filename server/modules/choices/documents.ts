import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { AppError, FieldRefusal, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { receiveSubmission, removeFiles } from '../applications/intake.ts';
import { recordAudit } from '../audit/service.ts';
import { lockOpenApplication } from '../casework/access.ts';
import { clearPending, markPending } from '../documents/orphans.ts';
import { downloadName } from '../documents/service.ts';
import { choiceNotFound } from './errors.ts';
import {
  findChoiceDocument,
  insertChoiceDocument,
  insertChoiceEvent,
  lockChoices,
} from './repository.ts';

const noFields = z.strictObject({});

/**
 * Staff add an offer letter or a university's letter to a choice: one file `attachment` (PDF, JPG
 * or PNG, checked by content and size while it streams, like every upload), audited and pushed live.
 */
export async function addChoiceDocument(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: SessionUser,
  applicationId: string,
  choiceId: string,
): Promise<{ id: string }> {
  if (!req.isMultipart()) {
    throw new AppError('MULTIPART_REQUIRED', 415, 'Send the letter as a multipart form.');
  }
  const { files } = await receiveSubmission(req, {
    storage: app.storage,
    maxFileBytes: app.config.uploads.maxFileBytes,
    maxTotalBytes: app.config.uploads.maxFileBytes,
    beforeWrite: (key) => markPending(app.db, [key]),
    fileKeys: ['attachment'],
    validate: async (fields) => parseInput(noFields, fields),
    accepts: () => null,
  });
  const file = files[0];
  if (!file) {
    throw new FieldRefusal(
      'FILE_REQUIRED',
      400,
      'Attach the letter.',
      'attachment',
      'Attach a file',
    );
  }
  try {
    return await app.db.transaction(async (tx) => {
      const application = await lockOpenApplication(tx, applicationId);
      const choice = (await lockChoices(tx, applicationId)).find((c) => c.id === choiceId);
      if (!choice) throw choiceNotFound();
      const id = await insertChoiceDocument(tx, {
        choiceId,
        applicationId,
        storageKey: file.stored.key,
        originalName: file.originalName,
        contentType: file.contentType,
        size: file.stored.size,
        sha256: file.stored.sha256,
        uploadedBy: actor.id,
      });
      await clearPending(tx, [file.stored.key]);
      await insertChoiceEvent(tx, {
        choiceId,
        kind: 'document',
        details: { documentId: id, fileName: file.originalName },
        actorId: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'application.choice_document_added',
        subjectType: 'application',
        subjectId: applicationId,
        details: { choiceId, documentId: id },
      });
      await publishApplicationChange(tx, applicationId, application.userId);
      return { id };
    });
  } catch (error) {
    await removeFiles(app.storage, files);
    throw error;
  }
}

/** A choice's file, for the applicant (checked by the route) or staff (audited). */
export async function openChoiceDocument(
  app: FastifyInstance,
  applicationId: string,
  documentId: string,
  staff: SessionUser | null,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const doc = await findChoiceDocument(app.db, applicationId, documentId);
  if (!doc) throw new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found.');
  if (staff) {
    await recordAudit(app.db, {
      actorId: staff.id,
      action: 'document.downloaded',
      subjectType: 'document',
      subjectId: doc.id,
      details: { applicationId, choiceId: doc.choiceId },
    });
  }
  return {
    stream: await app.storage.get(doc.storageKey),
    fileName: downloadName(doc.originalName, doc.contentType, 'letter'),
    contentType: doc.contentType,
    size: doc.size,
  };
}
