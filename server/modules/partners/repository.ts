import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../shared/application-status.ts';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  applicationChoices,
  applications,
  partnerMembers,
  partnerOrganisations,
  referrals,
  users,
} from '../../db/schema/index.ts';

const hasPassword = sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`;

/** The partner organisation a user belongs to, or undefined. */
export async function findMembership(db: Db, userId: string) {
  const [row] = await db
    .select({ partnerId: partnerMembers.partnerId, name: partnerOrganisations.name })
    .from(partnerMembers)
    .innerJoin(partnerOrganisations, eq(partnerOrganisations.id, partnerMembers.partnerId))
    .where(eq(partnerMembers.userId, userId));
  return row;
}

export async function findOrganisation(db: Db, id: string, forUpdate = false) {
  const query = db.select().from(partnerOrganisations).where(eq(partnerOrganisations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOrganisationOfPartnership(db: Db, partnershipId: string) {
  const [row] = await db
    .select()
    .from(partnerOrganisations)
    .where(eq(partnerOrganisations.partnershipId, partnershipId));
  return row;
}

export function findOrganisations(db: Db) {
  return db.select().from(partnerOrganisations).orderBy(asc(partnerOrganisations.name));
}

export async function insertOrganisation(
  db: Db,
  values: { name: string; partnershipId: string | null; createdBy: string },
) {
  const [row] = await db.insert(partnerOrganisations).values(values).returning();
  return row!;
}

export async function updateShare(db: Db, id: string, version: number, shareBp: number) {
  const rows = await db
    .update(partnerOrganisations)
    .set({ shareBp, version: version + 1 })
    .where(and(eq(partnerOrganisations.id, id), eq(partnerOrganisations.version, version)))
    .returning({ id: partnerOrganisations.id });
  return rows.length === 1;
}

export function findMembers(db: Db, partnerId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, hasSignedUp: hasPassword })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(eq(partnerMembers.partnerId, partnerId))
    .orderBy(asc(sql`lower(${users.email})`));
}

export async function insertMember(
  db: Db,
  values: { userId: string; partnerId: string; invitedBy: string },
) {
  await db.insert(partnerMembers).values(values).onConflictDoNothing();
}

/**
 * The student agrees that the partner follows the application: a partner's submission until the
 * student stops it; an application from a partner's referral only when the student agreed at
 * submission that the referrer may follow it (and until they stop it).
 */
const followingAgreed = and(
  isNull(applications.partnerStoppedAt),
  or(ne(applications.sourceKind, 'referral'), eq(applications.referrerMayFollow, true)),
);

/** The partner's students that it may see: its own (referred or submitted), while they agree. */
const visibleTo = (partnerId: string) =>
  and(eq(applications.sourcePartnerId, partnerId), followingAgreed);

const listColumns = {
  id: applications.id,
  studentName: applications.fullName,
  status: applications.status,
  programName: applications.programName,
  universityName: applications.universityName,
  createdAt: applications.createdAt,
  lastStatusUpdate: applications.lastStatusUpdate,
  outcome: applications.outcome,
};
export type PartnerApplicationRow = Awaited<ReturnType<typeof findPartnerApplications>>[number];

/** Newest first; at most `limit` (the dashboard and the CSV both stop there). */
export function findPartnerApplications(
  db: Db,
  partnerId: string,
  filter: { status?: ApplicationStatus; q?: string },
  limit: number,
) {
  const escaped = filter.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select(listColumns)
    .from(applications)
    .where(
      and(
        visibleTo(partnerId),
        filter.status ? eq(applications.status, filter.status) : undefined,
        escaped ? ilike(applications.fullName, `%${escaped}%`) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
}

export async function findPartnerApplication(db: Db, partnerId: string, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(applications)
    .where(and(eq(applications.id, id), visibleTo(partnerId)));
  return row;
}

export function findChoicesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      applicationId: applicationChoices.applicationId,
      position: applicationChoices.position,
      universityName: applicationChoices.universityName,
      programName: applicationChoices.programName,
      sentOn: applicationChoices.sentOn,
      decision: applicationChoices.decision,
      reply: applicationChoices.reply,
    })
    .from(applicationChoices)
    .where(inArray(applicationChoices.applicationId, ids))
    .orderBy(asc(applicationChoices.applicationId), asc(applicationChoices.position));
}

/** The partner following an application, for its track page (the student's view). */
export async function findFollowingPartner(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      name: partnerOrganisations.name,
      partnerId: applications.sourcePartnerId,
      stoppedAt: applications.partnerStoppedAt,
    })
    .from(applications)
    .leftJoin(partnerOrganisations, eq(partnerOrganisations.id, applications.sourcePartnerId))
    .where(
      and(
        eq(applications.id, applicationId),
        or(ne(applications.sourceKind, 'referral'), eq(applications.referrerMayFollow, true)),
      ),
    );
  return row;
}

/**
 * The partner to tell that this application changed (the live dashboard): its source partner, when
 * the student agreed to be followed (a stop is told too, so the dashboard drops the card).
 */
export async function findPartnerToTell(db: Db, applicationId: string) {
  const [row] = await db
    .select({ partnerId: applications.sourcePartnerId })
    .from(applications)
    .where(
      and(
        eq(applications.id, applicationId),
        or(ne(applications.sourceKind, 'referral'), eq(applications.referrerMayFollow, true)),
      ),
    );
  return row?.partnerId ?? null;
}

const referralColumns = {
  id: referrals.id,
  studentName: referrals.studentName,
  studyInterest: referrals.studyInterest,
  createdAt: referrals.createdAt,
  invitedAt: referrals.invitedAt,
};
export type PartnerReferralRow = Awaited<ReturnType<typeof findPartnerReferrals>>[number];

/** The students a partner referred, newest first; at most `limit`. */
export function findPartnerReferrals(db: Db, partnerId: string, limit: number) {
  return db
    .select(referralColumns)
    .from(referrals)
    .where(eq(referrals.partnerId, partnerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(limit);
}

export async function findPartnerReferral(db: Db, partnerId: string, id: string) {
  const [row] = await db
    .select(referralColumns)
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.partnerId, partnerId)));
  return row;
}

/**
 * The applications made from these referrals whose student agreed that the referrer follows them,
 * newest first (without that agreement the partner does not learn that the student applied).
 * `stopped`: the student has since stopped it, and the partner no longer sees the status.
 */
export function findReferralApplications(db: Db, partnerId: string, referralIds: string[]) {
  if (referralIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      referralId: applications.sourceReferralId,
      id: applications.id,
      status: applications.status,
      outcome: applications.outcome,
      stopped: isNotNull(applications.partnerStoppedAt).mapWith(Boolean),
    })
    .from(applications)
    .where(
      and(
        inArray(applications.sourceReferralId, referralIds),
        eq(applications.sourcePartnerId, partnerId),
        eq(applications.referrerMayFollow, true),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

export async function stopFollowing(db: Db, applicationId: string, at: Date) {
  const rows = await db
    .update(applications)
    .set({ partnerStoppedAt: at })
    .where(
      and(
        eq(applications.id, applicationId),
        isNull(applications.partnerStoppedAt),
        isNotNull(applications.sourcePartnerId),
      ),
    )
    .returning({ partnerId: applications.sourcePartnerId });
  return rows[0];
}
