import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applicantAfterOfferKeys,
  type AfterOffer,
  type AfterOfferEdits,
  type AfterOfferInput,
} from '../../../shared/schemas/casework.ts';
import type { SessionUser } from '../../auth/session.ts';
import { applications } from '../../db/schema/index.ts';
import { AppError, ValidationError, VersionConflict } from '../../lib/errors.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { recordAudit } from '../audit/service.ts';
import { lockOpenApplication, mailedTrackingLink } from './access.ts';
import { afterOfferMail, newMilestones } from './after-offer-emails.ts';

/** The steps as a save sees them: a 409's `current` (issue 25 §2). */
export interface StoredAfterOffer {
  version: number;
  values: AfterOffer;
  edits: AfterOfferEdits;
}

/**
 * The UK steps after an offer (issue 12, item 6), once the application is offered or accepted.
 * Staff set every step; the applicant sets their own (deposit, ATAS, TB test, visa, arrival).
 * A save carries only the steps the person changed and the version it was based on: an older
 * version gets 409 with the steps as they are now (issue 25 §2), so nobody blanks a step they
 * did not touch.
 */
export async function updateAfterOffer(
  app: FastifyInstance,
  applicationId: string,
  { version, ...input }: AfterOfferInput,
  actor: SessionUser | null,
): Promise<void> {
  if (!actor) {
    const staffOnly = Object.keys(input).filter(
      (k) => !(applicantAfterOfferKeys as readonly string[]).includes(k),
    );
    if (staffOnly.length > 0) {
      throw new ValidationError(
        Object.fromEntries(staffOnly.map((k) => [k, 'Set by our team'])),
        'Our team sets the offer, its conditions and the CAS.',
      );
    }
  }
  await app.db.transaction(async (tx) => {
    const application = await lockOpenApplication(tx, applicationId);
    if (application.status !== 'offered' && application.status !== 'accepted') {
      throw new AppError(
        'NOT_OFFERED_YET',
        409,
        'The steps after an offer open once the application has an offer.',
      );
    }
    const [row] = await tx
      .select({
        afterOffer: applications.afterOffer,
        version: applications.afterOfferVersion,
        edits: applications.afterOfferEdits,
      })
      .from(applications)
      .where(eq(applications.id, applicationId));
    const stored: StoredAfterOffer = {
      version: row!.version,
      values: row!.afterOffer,
      edits: row!.edits,
    };
    if (version !== stored.version)
      throw new VersionConflict('AFTER_OFFER_CHANGED_MEANWHILE', stored);
    const next: AfterOffer = { ...stored.values };
    const edits: AfterOfferEdits = { ...stored.edits };
    const at = new Date().toISOString();
    const edit = actor
      ? { by: 'team' as const, name: actor.name || null, at }
      : { by: 'student' as const, at };
    for (const [k, v] of Object.entries(input) as [keyof AfterOffer, unknown][]) {
      if ((next[k] ?? null) === v) continue;
      if (v === null) delete next[k];
      else (next as Record<string, unknown>)[k] = v;
      edits[k] = edit;
    }
    if (next.offerType === 'unconditional') {
      delete next.conditions;
      delete next.conditionsMetOn;
    }
    await tx
      .update(applications)
      .set({ afterOffer: next, afterOfferEdits: edits, afterOfferVersion: stored.version + 1 })
      .where(eq(applications.id, applicationId));
    // issue 24: a milestone the team records (CAS, visa, ...) e-mails the student
    const milestones = actor ? newMilestones(row!.afterOffer, next) : [];
    if (milestones.length > 0 && !application.erasureRequestedAt) {
      await app.mailer.enqueue(
        tx,
        afterOfferMail(application, milestones, next, mailedTrackingLink(app, application.id)),
      );
    }
    if (actor) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'application.after_offer_changed',
        subjectType: 'application',
        subjectId: applicationId,
        details: { changed: Object.keys(input) },
      });
    }
    await publishApplicationChange(tx, applicationId, application.userId);
  });
}
