import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApplicationOutcome } from '../../../shared/schemas/casework.ts';
import type { SessionUser } from '../../auth/session.ts';
import { applicationRequests, applications } from '../../db/schema/index.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { recordAudit } from '../audit/service.ts';
import { lockOpenApplication } from './access.ts';

/**
 * Final outcomes (issue 12, item 5): the applicant withdraws, or staff close the application as
 * unsuccessful with a reason. Either is final: open requests close, the stage clock stops, and no
 * status change, request or message is accepted afterwards. The five-step bar keeps the status it
 * had; the outcome shows apart from it.
 */
export async function closeApplication(
  app: FastifyInstance,
  applicationId: string,
  outcome: ApplicationOutcome,
  reason: string | null,
  actor: SessionUser | null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const application = await lockOpenApplication(tx, applicationId);
    const at = new Date();
    await tx
      .update(applications)
      // a closed case awaits nothing: off the queue's choice filters too (D18)
      .set({
        outcome,
        outcomeReason: reason,
        outcomeAt: at,
        stageDueAt: null,
        requestDueOn: null,
        awaitingDecision: false,
        offerAwaitingReply: false,
      })
      .where(eq(applications.id, applicationId));
    await tx
      .update(applicationRequests)
      .set({ closedAt: at })
      .where(
        and(
          eq(applicationRequests.applicationId, applicationId),
          isNull(applicationRequests.closedAt),
        ),
      );
    if (actor) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'application.closed_unsuccessful',
        subjectType: 'application',
        subjectId: applicationId,
        details: { reason },
      });
    }
    await publishApplicationChange(tx, applicationId, application.userId);
  });
}
