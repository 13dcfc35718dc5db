import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyDocumentKey } from '../../../shared/schemas/application.ts';
import type { DocumentReviewInput, StoredDocumentReview } from '../../../shared/schemas/staff.ts';
import type { SessionUser } from '../../auth/session.ts';
import { applicationDocuments, users } from '../../db/schema/index.ts';
import { AppError, applicationNotFound, NotFoundError, VersionConflict } from '../../lib/errors.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { findDocument, lockApplication } from '../applications/repository.ts';
import { recordAudit } from '../audit/service.ts';
import { mailedTrackingLink } from '../casework/access.ts';
import { documentRejectedMail } from '../casework/emails.ts';

const notFound = () => new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found.');

/**
 * Staff mark the current version of one file of a document slot (its part) verified, or rejected with a reason the applicant
 * reads on the track page. Written with its audit entry in one transaction; the track page,
 * dashboard and console hear of it when it commits. A decision on a version that is no longer the
 * current one (the applicant sent a new one meanwhile) is refused, so nobody verifies a file unseen.
 */
export async function reviewDocument(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  { key, part }: { key: AnyDocumentKey; part: number },
  input: DocumentReviewInput,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw applicationNotFound();
    const current = await findDocument(tx, applicationId, key, part);
    if (!current) throw notFound();
    if (current.version !== input.version) {
      throw new AppError(
        'DOCUMENT_CHANGED_MEANWHILE',
        409,
        'The applicant has sent a newer version of this document. Look at it before deciding.',
      );
    }
    if (current.reviewVersion !== input.reviewVersion) {
      const [reviewer] = current.reviewedBy
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, current.reviewedBy))
        : [];
      throw new VersionConflict('DOCUMENT_REVIEWED_MEANWHILE', {
        reviewVersion: current.reviewVersion,
        state: current.state,
        rejectionReason: current.rejectionReason,
        reviewedBy: reviewer?.name ?? null,
      } satisfies StoredDocumentReview);
    }
    const reason = input.state === 'rejected' ? (input.reason ?? null) : null;
    if (current.state === input.state && current.rejectionReason === reason) return;
    await tx
      .update(applicationDocuments)
      .set({
        state: input.state,
        rejectionReason: reason,
        reviewedBy: actor.id,
        reviewedAt: new Date(),
        reviewVersion: current.reviewVersion + 1,
      })
      .where(and(eq(applicationDocuments.id, current.id)));
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.state === 'verified' ? 'document.verified' : 'document.rejected',
      subjectType: 'document',
      subjectId: current.id,
      details: {
        applicationId,
        key,
        part,
        version: current.version,
        ...(reason ? { reason } : {}),
      },
    });
    await publishApplicationChange(tx, applicationId, application.userId);
    // not to an applicant who asked for erasure (D16): the case is kept, they are not written to
    if (input.state === 'rejected' && reason && !application.erasureRequestedAt) {
      await app.mailer.enqueue(
        tx,
        documentRejectedMail(application, key, reason, mailedTrackingLink(app, applicationId)),
      );
    }
  });
}
