import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { applications, users } from '../../db/schema/index.ts';
import type { DataSubject } from './registry.ts';

/** What data rights need to know of one application of the subject. */
export interface SubjectApplication {
  id: string;
  userId: string | null;
  email: string;
  language: Locale;
  status: (typeof applications.$inferSelect)['status'];
  outcome: (typeof applications.$inferSelect)['outcome'];
  outcomeAt: Date | null;
  programName: string;
  universityName: string;
  createdAt: Date;
  ownerId: string | null;
  erasureRequestedAt: Date | null;
}

const columns = {
  id: applications.id,
  userId: applications.userId,
  email: applications.email,
  language: applications.language,
  status: applications.status,
  outcome: applications.outcome,
  outcomeAt: applications.outcomeAt,
  programName: applications.programName,
  universityName: applications.universityName,
  createdAt: applications.createdAt,
  ownerId: applications.ownerId,
  erasureRequestedAt: applications.erasureRequestedAt,
};

const sameAddress = (email: string) => sql`lower(${applications.email}) = ${email.toLowerCase()}`;

/**
 * The applications of an account, and (when the address is proven) those sent signed out with the
 * same address. An application another account owns is that account's, whatever its address (D2).
 * `lock`: inside the erasure's transaction, so no status change slips between the plan and the act.
 */
async function applicationsOf(
  db: Db,
  subject: Omit<DataSubject, 'applications'>,
  lock = false,
): Promise<SubjectApplication[]> {
  const conditions: SQL[] = [];
  if (subject.userId) conditions.push(eq(applications.userId, subject.userId));
  if (subject.addressProven)
    conditions.push(and(isNull(applications.userId), sameAddress(subject.email))!);
  if (conditions.length === 0) return [];
  const query = db
    .select(columns)
    .from(applications)
    .where(or(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return lock ? query.for('update') : query;
}

/**
 * The signed-in person. Applications sent signed out with their address count only once the
 * address is confirmed: an unconfirmed account proves nothing about the inbox (D2).
 */
export async function subjectOfAccount(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>,
): Promise<DataSubject> {
  const subject = {
    userId: user.id,
    email: user.email,
    addressProven: user.emailVerified,
    applications: [],
  };
  return { ...subject, applications: await applicationsOf(db, subject) };
}

/**
 * The person an admin acts for, by the address their request came from: the account that uses it
 * (if any) and every application sent with it that no other account owns. Whether the request
 * comes from the holder of the address is the admin's call, recorded in the audit.
 */
export async function subjectByEmail(db: Db, email: string): Promise<DataSubject> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address));
  const subject = {
    userId: account?.id ?? null,
    email: account?.email ?? address,
    addressProven: true,
    applications: [],
  };
  return { ...subject, applications: await applicationsOf(db, subject) };
}

/** The same subject read again inside the erasure's transaction, its account and applications locked. */
export async function lockedSubject(tx: Db, subject: DataSubject): Promise<DataSubject> {
  if (subject.userId) {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, subject.userId))
      .for('update');
    if (!account) return { ...subject, userId: null, applications: [] };
  }
  return { ...subject, applications: await applicationsOf(tx, subject, true) };
}
