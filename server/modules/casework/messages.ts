import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { messageInput } from '../../../shared/schemas/casework.ts';
import type { SessionUser } from '../../auth/session.ts';
import { applicationMessages, applications, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { receiveSubmission, removeFiles, type ReceivedFile } from '../applications/intake.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { findApplicationRecord, findApplicationRow } from '../applications/repository.ts';
import { toApplicationView } from '../applications/views.ts';
import { clearPending, markPending } from '../documents/orphans.ts';
import { downloadName } from '../documents/service.ts';
import { recordAudit } from '../audit/service.ts';
import { applicantOf } from '../../auth/access.ts';
import { applicationNotFound, lockReachableApplication, mailedTrackingLink } from './access.ts';
import { newMessageToApplicantMail, newMessageToTeamMail } from './emails.ts';

/**
 * The message of a request: JSON `{ body }`, or a multipart form with the field `body` then one
 * file `attachment` (the submission's checks: type by content, size while streaming, form limits).
 */
async function readMessage(app: FastifyInstance, req: FastifyRequest) {
  if (!req.isMultipart()) return { body: parseInput(messageInput, req.body).body, file: undefined };
  const { input, files } = await receiveSubmission(req, {
    storage: app.storage,
    maxFileBytes: app.config.uploads.maxFileBytes,
    maxTotalBytes: app.config.uploads.maxFileBytes,
    beforeWrite: (storageKey) => markPending(app.db, [storageKey]),
    fileKeys: ['attachment'],
    validate: async (fields) => parseInput(messageInput, fields),
    accepts: () => null,
  });
  return { body: input.body, file: files[0] };
}

/** Checks who may send and counts the message (`limit`) before its body is read; a refusal drains it. */
async function beforeReading(req: FastifyRequest, checks: () => Promise<void>) {
  try {
    await checks();
  } catch (error) {
    req.raw.resume();
    throw error;
  }
}

async function storeMessage(
  app: FastifyInstance,
  applicationId: string,
  message: { body: string; file: ReceivedFile | undefined },
  author: SessionUser | null,
): Promise<void> {
  const { body, file } = message;
  try {
    await app.db.transaction(async (tx) => {
      const application = await lockReachableApplication(tx, applicationId);
      const at = new Date();
      await tx.insert(applicationMessages).values({
        applicationId,
        fromTeam: author !== null,
        authorId: author?.id ?? null,
        body,
        createdAt: at,
        ...(file
          ? {
              attachmentStorageKey: file.stored.key,
              attachmentName: file.originalName,
              attachmentContentType: file.contentType,
              attachmentSize: file.stored.size,
              attachmentSha256: file.stored.sha256,
            }
          : {}),
      });
      if (file) await clearPending(tx, [file.stored.key]);
      // whoever writes has read everything before it
      await tx
        .update(applications)
        .set(author ? { teamReadAt: at } : { applicantReadAt: at })
        .where(eq(applications.id, applicationId));
      await publishApplicationChange(tx, applicationId, application.userId);
      if (author) {
        await app.mailer.enqueue(
          tx,
          newMessageToApplicantMail(application, mailedTrackingLink(app, applicationId)),
        );
      } else {
        // one e-mail per case per few minutes, however many messages (issue 22 finding 6)
        const owner = application.ownerId ? await ownerEmail(tx, application.ownerId) : null;
        await app.mailer.enqueueGrouped(
          tx,
          `team-message:${applicationId}`,
          app.config.messages.noticeWindowSeconds,
          (count) =>
            newMessageToTeamMail(
              owner ?? app.site.teamNoticesTo,
              applicationId,
              `${app.config.publicUrl}/staff/applications/${applicationId}`,
              count,
            ),
        );
      }
    });
  } catch (error) {
    if (file) await removeFiles(app.storage, [file]);
    throw error;
  }
}

async function ownerEmail(db: Db, ownerId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return row?.email ?? null;
}

export async function applicantSends(
  app: FastifyInstance,
  req: FastifyRequest,
  applicationId: string,
  limit: () => Promise<void>,
): Promise<ApplicationView> {
  await beforeReading(req, async () => {
    await applicantOf(app, req, applicationId);
    await limit();
  });
  await storeMessage(app, applicationId, await readMessage(app, req), null);
  return toApplicationView((await findApplicationRecord(app.db, applicationId))!);
}

export async function teamSends(
  app: FastifyInstance,
  req: FastifyRequest,
  actor: SessionUser,
  applicationId: string,
  limit: () => Promise<void>,
): Promise<void> {
  await beforeReading(req, async () => {
    if (!(await findApplicationRow(app.db, applicationId))) throw applicationNotFound();
    await limit();
  });
  await storeMessage(app, applicationId, await readMessage(app, req), actor);
}

/** The applicant (or the team) has read the conversation: the unread count goes to 0 on every screen. */
export async function markRead(
  app: FastifyInstance,
  applicationId: string,
  side: 'applicant' | 'team',
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(applications)
      .set(side === 'team' ? { teamReadAt: new Date() } : { applicantReadAt: new Date() })
      .where(eq(applications.id, applicationId))
      .returning({ userId: applications.userId });
    if (!row) throw applicationNotFound();
    await publishApplicationChange(tx, applicationId, row.userId);
  });
}

const attachmentNotFound = () => new NotFoundError('ATTACHMENT_NOT_FOUND', 'Attachment not found.');

/**
 * An attachment opens for the applicant (owner or tracking link) and for staff; a staff download
 * (`staff` given) is audited, as a document's is.
 */
export async function openAttachment(
  app: FastifyInstance,
  applicationId: string,
  messageId: string,
  staff: SessionUser | null,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const [m] = await app.db
    .select()
    .from(applicationMessages)
    .where(
      and(
        eq(applicationMessages.applicationId, applicationId),
        eq(applicationMessages.id, messageId),
      ),
    );
  if (!m?.attachmentStorageKey) throw attachmentNotFound();
  if (staff) {
    await recordAudit(app.db, {
      actorId: staff.id,
      action: 'attachment.downloaded',
      subjectType: 'message',
      subjectId: m.id,
      details: { applicationId, fromTeam: m.fromTeam },
    });
  }
  return {
    stream: await app.storage.get(m.attachmentStorageKey),
    fileName: downloadName(
      m.attachmentName ?? 'attachment',
      m.attachmentContentType ?? '',
      'attachment',
    ),
    contentType: m.attachmentContentType ?? 'application/octet-stream',
    size: m.attachmentSize ?? 0,
  };
}
