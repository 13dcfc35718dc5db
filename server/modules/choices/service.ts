import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  choiceQueueFlags,
  headlineStatus,
  replyRefusal,
  type ChoiceReply,
} from '../../../shared/application-choices.ts';
import type { ApplicationStatus } from '../../../shared/application-status.ts';
import type { ChoiceDecisionInput } from '../../../shared/schemas/choices.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationChoices,
  applications as applicationsTable,
  users,
} from '../../db/schema/index.ts';
import { publishApplicationChange } from '../applications/live.ts';
import * as applications from '../applications/repository.ts';
import { recordAudit } from '../audit/service.ts';
import { createCommissionLine } from '../partners/commission.ts';
import { lockOpenApplication, mailedTrackingLink } from '../casework/access.ts';
import { setStageDue } from '../casework/owners.ts';
import { choiceDecisionMail, choiceReplyToTeamMail, conditionsMetMail } from './emails.ts';
import {
  choiceAlreadyDecided,
  choiceChangedMeanwhile,
  choiceNotFound,
  choiceNotSent,
  notConditional,
  nothingToCorrect,
  replyRefused,
} from './errors.ts';
import { insertChoiceEvent, lockChoices, updateChoice, type ChoiceRow } from './repository.ts';

type LockedApplication = NonNullable<Awaited<ReturnType<typeof applications.lockApplication>>>;

interface ChoiceChange {
  patch: Partial<typeof applicationChoices.$inferInsert>;
  event: { kind: string; details?: Record<string, unknown>; note?: string | null };
  /** The line of the application's history when the headline moves with this change. */
  historyNote: string;
  /** E-mails and anything else written in the same transaction, once the change is stored. */
  after?: (tx: Db, application: LockedApplication, choice: ChoiceRow) => Promise<void>;
}

/**
 * One change of one choice, in one transaction: the application locked (a closed one refuses every
 * change, 409), the version the caller saw checked, the facts written with a timeline entry, the
 * headline recomputed (D18) with its history entry, the change audited (staff) and pushed live.
 */
async function changeChoice(
  app: FastifyInstance,
  applicationId: string,
  choiceId: string,
  expectedVersion: number | null,
  actor: SessionUser | null,
  decide: (choice: ChoiceRow, all: ChoiceRow[]) => ChoiceChange,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const application = await lockOpenApplication(tx, applicationId);
    const all = await lockChoices(tx, applicationId);
    const choice = all.find((c) => c.id === choiceId);
    if (!choice) throw choiceNotFound();
    if (expectedVersion !== null && choice.version !== expectedVersion)
      throw choiceChangedMeanwhile();
    const change = decide(choice, all);
    if (!(await updateChoice(tx, choice.id, choice.version, change.patch)))
      throw choiceChangedMeanwhile();
    const updated = { ...choice, ...change.patch } as ChoiceRow;
    await insertChoiceEvent(tx, {
      choiceId,
      kind: change.event.kind,
      details: change.event.details ?? {},
      note: change.event.note ?? null,
      actorId: actor?.id ?? null,
    });
    const choices = all.map((c) => (c.id === choiceId ? updated : c));
    const next = headlineStatus(application.status, choices);
    // the queue's choice filters follow in the same transaction (flags, not a join: D18)
    await tx
      .update(applicationsTable)
      .set(choiceQueueFlags(choices))
      .where(eq(applicationsTable.id, applicationId));
    await moveHeadline(tx, application, next, change.historyNote, actor);
    if (actor) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'application.choice_changed',
        subjectType: 'application',
        subjectId: applicationId,
        details: { choiceId, university: choice.universityId, change: change.event.kind },
      });
    }
    await change.after?.(tx, application, updated);
    await publishApplicationChange(tx, applicationId, application.userId);
  });
}

/** The headline follows the choices; its history says which fact moved it (no status e-mail: the choice's own e-mail says it). */
async function moveHeadline(
  tx: Db,
  application: LockedApplication,
  next: ApplicationStatus,
  note: string,
  actor: SessionUser | null,
) {
  if (next === application.status) return;
  const at = new Date();
  await applications.updateStatus(tx, application.id, next, at);
  await setStageDue(tx, application.id, next, at);
  await applications.insertStatusEvent(tx, {
    applicationId: application.id,
    fromStatus: application.status,
    status: next,
    note,
    actorId: actor?.id ?? null,
    createdAt: at,
  });
  // the firm offer is unconditional: the agency's commission line (D20, decision 0041)
  if (next === 'accepted') await createCommissionLine(tx, application.id);
}

const label = (c: ChoiceRow) => c.universityName;

export function recordSent(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  choiceId: string,
  input: { version: number; sentOn: string; reference: string | null },
) {
  return changeChoice(app, applicationId, choiceId, input.version, actor, (choice) => {
    if (choice.decision) throw choiceAlreadyDecided();
    return {
      patch: { sentOn: input.sentOn, reference: input.reference },
      event: { kind: 'sent', details: { sentOn: input.sentOn, reference: input.reference } },
      historyNote: `Sent to ${label(choice)}`,
    };
  });
}

export function recordDecision(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  choiceId: string,
  input: ChoiceDecisionInput,
) {
  return changeChoice(app, applicationId, choiceId, input.version, actor, (choice) => {
    if (!choice.sentOn) throw choiceNotSent();
    if (choice.decision) throw choiceAlreadyDecided();
    const offer =
      input.decision === 'conditional_offer' || input.decision === 'unconditional_offer';
    const patch = {
      decision: input.decision,
      decidedAt: new Date(),
      conditions: input.conditions,
      replyDeadline: offer ? input.replyDeadline : null,
      reason: offer ? null : input.reason,
    };
    return {
      patch,
      event: {
        kind: 'decision',
        details: {
          decision: input.decision,
          conditions: input.conditions,
          replyDeadline: patch.replyDeadline,
        },
        note: patch.reason,
      },
      historyNote: `${label(choice)}: ${input.decision.replace('_', ' ')}`,
      after: async (tx, application, updated) => {
        if (application.erasureRequestedAt) return;
        await app.mailer.enqueue(
          tx,
          choiceDecisionMail(application, updated, mailedTrackingLink(app, application.id)),
        );
      },
    };
  });
}

export function recordConditionsMet(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  choiceId: string,
  input: { version: number; metOn: string },
) {
  return changeChoice(app, applicationId, choiceId, input.version, actor, (choice) => {
    if (choice.decision !== 'conditional_offer') throw notConditional();
    return {
      patch: { decision: 'unconditional_offer', conditionsMetOn: input.metOn },
      event: { kind: 'conditions_met', details: { metOn: input.metOn } },
      historyNote: `${label(choice)}: conditions met, the offer is unconditional`,
      after: async (tx, application, updated) => {
        if (application.erasureRequestedAt) return;
        await app.mailer.enqueue(
          tx,
          conditionsMetMail(application, updated, mailedTrackingLink(app, application.id)),
        );
      },
    };
  });
}

/**
 * D3 on a choice: the last recorded fact is undone to correct a mistake, with a note saying why
 * (the reply, else the conditions met, else the decision, else the sent date). The headline follows.
 */
export function correctChoice(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  choiceId: string,
  input: { version: number; note: string },
) {
  return changeChoice(app, applicationId, choiceId, input.version, actor, (choice) => {
    const undo = (kind: string, patch: ChoiceChange['patch']): ChoiceChange => ({
      patch,
      event: { kind: 'corrected', details: { undone: kind }, note: input.note },
      historyNote: `${label(choice)}: ${kind} corrected. ${input.note}`,
    });
    if (choice.reply) return undo('reply', { reply: null, repliedAt: null });
    if (choice.conditionsMetOn)
      return undo('conditions met', { decision: 'conditional_offer', conditionsMetOn: null });
    if (choice.decision)
      return undo('decision', {
        decision: null,
        decidedAt: null,
        conditions: [],
        replyDeadline: null,
        reason: null,
        remindersSent: [],
      });
    if (choice.sentOn) return undo('sent', { sentOn: null, reference: null });
    throw nothingToCorrect();
  });
}

/** The applicant (already checked by the route) answers an offer; the owning consultant is told. */
export function replyToOffer(
  app: FastifyInstance,
  applicationId: string,
  choiceId: string,
  reply: ChoiceReply,
  today = new Date().toISOString().slice(0, 10),
) {
  return changeChoice(app, applicationId, choiceId, null, null, (choice, all) => {
    const refusal = replyRefusal(all, choice.id, reply, today);
    if (refusal) throw replyRefused(refusal);
    return {
      patch: { reply, repliedAt: new Date() },
      event: { kind: 'reply', details: { reply } },
      historyNote: `${label(choice)}: the student's reply is ${reply}`,
      after: async (tx, application, updated) => {
        const to = application.ownerId ? await userEmail(tx, application.ownerId) : null;
        await app.mailer.enqueue(
          tx,
          choiceReplyToTeamMail(
            to ?? app.site.teamNoticesTo,
            application.id,
            updated,
            `${app.config.publicUrl}/staff/applications/${application.id}`,
          ),
        );
      },
    };
  });
}

async function userEmail(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? null;
}
