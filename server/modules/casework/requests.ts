import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import type { RequestInput } from '../../../shared/schemas/casework.ts';
import { requestAnswerInput } from '../../../shared/schemas/casework.ts';
import type { SessionUser } from '../../auth/session.ts';
import { applicationRequests } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { removeFiles } from '../applications/intake.ts';
import { publishApplicationChange } from '../applications/live.ts';
import {
  findApplicationRecord,
  findDocument,
  insertDocuments,
} from '../applications/repository.ts';
import { toApplicationView } from '../applications/views.ts';
import { recordAudit } from '../audit/service.ts';
import { clearPending } from '../documents/orphans.ts';
import { receiveOneDocument } from '../documents/reupload.ts';
import { applicantOf } from '../../auth/access.ts';
import { lockOpenApplication, lockReachableApplication, mailedTrackingLink } from './access.ts';
import { requestMail } from './emails.ts';
import { findRequest, refreshRequestDue } from './repository.ts';
import { requestLabel } from './views.ts';

const requestNotFound = () => new NotFoundError('REQUEST_NOT_FOUND', 'Request not found.');
const alreadyAnswered = () =>
  new AppError('REQUEST_CLOSED', 409, 'This request has already been answered.');

/** Staff ask for a document or for information by a date; the applicant is e-mailed and sees "Action required". */
export async function createRequest(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  input: RequestInput,
): Promise<string> {
  return app.db.transaction(async (tx) => {
    const application = await lockReachableApplication(tx, applicationId);
    const [row] = await tx
      .insert(applicationRequests)
      .values({
        applicationId,
        kind: input.kind,
        documentKey: input.kind === 'document' ? input.documentKey : null,
        message: input.message,
        dueOn: input.dueOn,
        createdBy: actor.id,
      })
      .returning({ id: applicationRequests.id });
    await refreshRequestDue(tx, applicationId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'request.created',
      subjectType: 'application',
      subjectId: applicationId,
      details: {
        requestId: row!.id,
        kind: input.kind,
        ...(input.documentKey ? { documentKey: input.documentKey } : {}),
        dueOn: input.dueOn,
      },
    });
    await publishApplicationChange(tx, applicationId, application.userId);
    const documentKey = input.kind === 'document' && input.documentKey ? input.documentKey : null;
    await app.mailer.enqueue(
      tx,
      requestMail(application, documentKey, input.dueOn, mailedTrackingLink(app, applicationId)),
    );
    return row!.id;
  });
}

/** Staff withdraw a request they no longer need (closed without an answer). */
export async function cancelRequest(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  requestId: string,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const application = await lockOpenApplication(tx, applicationId);
    const request = await findRequest(tx, applicationId, requestId);
    if (!request) throw requestNotFound();
    if (request.closedAt) throw alreadyAnswered();
    await tx
      .update(applicationRequests)
      .set({ closedAt: new Date() })
      .where(eq(applicationRequests.id, requestId));
    await refreshRequestDue(tx, applicationId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'request.cancelled',
      subjectType: 'application',
      subjectId: applicationId,
      details: { requestId },
    });
    await publishApplicationChange(tx, applicationId, application.userId);
  });
}

/**
 * The applicant answers: a request for a document with that file (multipart, the submission's
 * checks: type by content, size while it streams, the per-client form limit), stored as the
 * document's next version; a request for information in writing (JSON `{ text }`). The request closes.
 */
export async function answerRequest(
  app: FastifyInstance,
  req: FastifyRequest,
  applicationId: string,
  requestId: string,
  beforeStoring: () => Promise<void>,
): Promise<ApplicationView> {
  let request;
  try {
    await applicantOf(app, req, applicationId);
    request = await findRequest(app.db, applicationId, requestId);
    if (!request) throw requestNotFound();
    if (request.closedAt) throw alreadyAnswered();
    if (request.kind === 'document' && !req.isMultipart()) {
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

  if (request.kind === 'information') {
    const { text } = parseInput(requestAnswerInput, req.body);
    await app.db.transaction(async (tx) => {
      const application = await lockOpenApplication(tx, applicationId);
      const closed = await tx
        .update(applicationRequests)
        .set({ closedAt: new Date(), answerText: text })
        .where(and(eq(applicationRequests.id, requestId), isNull(applicationRequests.closedAt)))
        .returning({ id: applicationRequests.id });
      if (closed.length === 0) throw alreadyAnswered();
      await refreshRequestDue(tx, applicationId);
      await publishApplicationChange(tx, applicationId, application.userId);
    });
    return toApplicationView((await findApplicationRecord(app.db, applicationId))!);
  }

  const key = request.documentKey!;
  const file = await receiveOneDocument(app, req, key, beforeStoring);
  const files = [file];
  try {
    await app.db.transaction(async (tx) => {
      const application = await lockOpenApplication(tx, applicationId);
      const current = await findDocument(tx, applicationId, key);
      const [open] = await tx
        .select({ id: applicationRequests.id })
        .from(applicationRequests)
        .where(and(eq(applicationRequests.id, requestId), isNull(applicationRequests.closedAt)))
        .for('update');
      if (!open) throw alreadyAnswered();
      await insertDocuments(tx, [
        {
          applicationId,
          key,
          version: (current?.version ?? 0) + 1,
          storageKey: file.stored.key,
          originalName: file.originalName,
          contentType: file.contentType,
          size: file.stored.size,
          sha256: file.stored.sha256,
        },
      ]);
      const added = await findDocument(tx, applicationId, key);
      await tx
        .update(applicationRequests)
        .set({ closedAt: new Date(), answerDocumentId: added!.id })
        .where(eq(applicationRequests.id, requestId));
      await clearPending(tx, [file.stored.key]);
      await refreshRequestDue(tx, applicationId);
      await publishApplicationChange(tx, applicationId, application.userId);
    });
  } catch (error) {
    await removeFiles(app.storage, files);
    throw error;
  }
  return toApplicationView((await findApplicationRecord(app.db, applicationId))!);
}

export { requestLabel };
