import type {
  ErasureApplication,
  ErasureChannel,
  ErasurePreview,
} from '../../../shared/schemas/personal-data.ts';
import { AppError } from '../../lib/errors.ts';
import type { DataSubject, ErasurePlan } from './registry.ts';
import type { SubjectApplication } from './subjects.ts';

/**
 * D16: a case is active once it is past submitted and until it closes. It closes with an outcome:
 * withdrawn, or unsuccessful (staff close it so once every choice is). Until the portal records
 * enrolment, an accepted case stays active until staff close it.
 */
export function isActiveCase(a: Pick<SubjectApplication, 'status' | 'outcome'>): boolean {
  return a.status !== 'submitted' && a.outcome === null;
}

/** The day a kept case's records go: the retention after it closes; null while it is open. */
export function erasureDay(a: Pick<SubjectApplication, 'outcomeAt'>, months: number): Date | null {
  if (!a.outcomeAt) return null;
  const day = new Date(a.outcomeAt);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day;
}

/**
 * Kept: an active case, or a case kept after an earlier request whose retention has not run out
 * (the person was told "until"; a second request does not shorten what the first one promised to
 * keep for the agency's duties). Everything else is erased at once.
 */
export function isKept(a: SubjectApplication, months: number, now: Date): boolean {
  if (isActiveCase(a)) return true;
  if (!a.erasureRequestedAt) return false;
  const until = erasureDay(a, months);
  return until === null || until > now;
}

export function planErasure(
  subject: DataSubject,
  months: number,
  channel: ErasureChannel,
  now: Date,
): ErasurePlan {
  const plan: ErasurePlan = { erase: [], keep: [], channel, at: now };
  for (const a of subject.applications)
    (isKept(a, months, now) ? plan.keep : plan.erase).push(a.id);
  return plan;
}

/** What the deletion screen (and the admin's console) shows before anyone confirms. */
export function erasurePreview(subject: DataSubject, months: number, now: Date): ErasurePreview {
  return {
    hasAccount: subject.userId !== null,
    retentionMonths: months,
    applications: subject.applications.map((a): ErasureApplication => ({
      id: a.id,
      programName: a.programName,
      universityName: a.universityName,
      status: a.status,
      outcome: a.outcome,
      submittedAt: a.createdAt.toISOString(),
      sentSignedOut: a.userId === null,
      kept: isKept(a, months, now),
      closedAt: a.outcomeAt?.toISOString() ?? null,
      erasedOn: isKept(a, months, now)
        ? (erasureDay(a, months)?.toISOString().slice(0, 10) ?? null)
        : null,
    })),
  };
}

/** The erasure goes ahead only if what it keeps is what the person (or admin) was shown. */
export function checkKeptAsShown(plan: ErasurePlan, shown: readonly string[]): void {
  const expected = [...new Set(shown.map((id) => id.toLowerCase()))].sort();
  const actual = [...plan.keep].sort();
  if (expected.length !== actual.length || expected.some((id, i) => id !== actual[i])) {
    throw new AppError(
      'ERASURE_PLAN_CHANGED',
      409,
      'What would be kept has changed since it was shown: read it again, then confirm.',
    );
  }
}
