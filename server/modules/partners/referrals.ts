import type { PartnerReferralView } from '../../../shared/schemas/partners.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repository.ts';

/** The dashboard stops here, as the students' list does. */
export const partnerReferralLimit = 1000;

/** Another partner's referral (or none) looks exactly like one that does not exist. */
const referralNotFound = () =>
  new NotFoundError('CONTACT_REQUEST_NOT_FOUND', 'Referral not found.');

type ApplicationRow = Awaited<ReturnType<typeof repo.findReferralApplications>>[number];

function toView(row: repo.PartnerReferralRow, made: ApplicationRow[]): PartnerReferralView {
  // the newest application from this referral whose student agreed to be followed
  const application = made.find((a) => a.referralId === row.id);
  return {
    id: row.id,
    studentName: row.studentName ?? '',
    studyInterest: row.studyInterest,
    referredAt: row.createdAt.toISOString(),
    invitedAt: row.invitedAt?.toISOString() ?? null,
    state: application ? 'applied' : row.invitedAt ? 'invited' : 'referred',
    application:
      application && !application.stopped
        ? {
            id: application.id,
            status: application.status,
            outcome: application.outcome ?? null,
          }
        : null,
  };
}

async function withApplications(db: Db, partnerId: string, rows: repo.PartnerReferralRow[]) {
  const made = await repo.findReferralApplications(
    db,
    partnerId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toView(row, made));
}

/** The students the partner referred while signed in, with where each has got to (audited). */
export async function listPartnerReferrals(
  db: Db,
  actor: SessionUser,
  partnerId: string,
): Promise<PartnerReferralView[]> {
  const rows = await repo.findPartnerReferrals(db, partnerId, partnerReferralLimit);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'partner.referrals_listed',
    subjectType: 'partner',
    subjectId: partnerId,
    details: { referralIds: rows.map((r) => r.id) },
  });
  return withApplications(db, partnerId, rows);
}

export async function getPartnerReferral(
  db: Db,
  actor: SessionUser,
  partnerId: string,
  id: string,
): Promise<PartnerReferralView> {
  const row = await repo.findPartnerReferral(db, partnerId, id);
  if (!row) throw referralNotFound();
  await recordAudit(db, {
    actorId: actor.id,
    action: 'partner.referral_viewed',
    subjectType: 'partner',
    subjectId: partnerId,
    details: { referralId: id },
  });
  const [view] = await withApplications(db, partnerId, [row]);
  return view!;
}
