import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { UserRole } from '../../db/schema/auth.ts';
import type { Db } from '../../db/client.ts';
import { endEveryWayIn, type AccountRef } from '../../auth/ways-in.ts';
import { accounts, auditLog, sessions, userDeactivations, users } from '../../db/schema/index.ts';

const hasPassword = sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  hasSignedUp: hasPassword,
  deactivatedAt: userDeactivations.deactivatedAt,
};

/** Someone who was invited to the team or given a staff role at some point (the audit log says so). */
const wasStaff = sql`exists (select 1 from ${auditLog} where ${auditLog.subjectType} = 'user' and ${auditLog.subjectId} = ${users.id}::text and ${auditLog.action} in ('staff.invited', 'staff.role_changed'))`;

/**
 * Consultants and admins, plus anyone deactivated, plus former staff (changed to applicant): they
 * stay listed so an admin can restore them.
 */
export function findTeam(db: Db) {
  return db
    .select(memberColumns)
    .from(users)
    .leftJoin(userDeactivations, eq(userDeactivations.userId, users.id))
    .where(
      and(
        // partners' users are their organisation's (D20), never the team's
        ne(users.role, 'partner'),
        sql`(${inArray(users.role, ['consultant', 'catalogue_editor', 'admin'])} or ${userDeactivations.userId} is not null or ${wasStaff})`,
      ),
    )
    .orderBy(asc(users.role), asc(sql`lower(${users.email})`));
}

export async function findMember(db: Db, id: string) {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(userDeactivations, eq(userDeactivations.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .for('update');
  return row;
}

/** Taken before any change that could leave the portal without an admin, so two such changes queue. */
export async function lockAdmins(db: Db) {
  await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
}

export async function countActiveAdminsOtherThan(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(userDeactivations, eq(userDeactivations.userId, users.id))
    .where(and(eq(users.role, 'admin'), ne(users.id, userId), isNull(userDeactivations.userId)));
  return row?.n ?? 0;
}

export async function insertStaffUser(
  db: Db,
  values: { email: string; name: string; role: UserRole },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, emailVerified: true })
    .returning({ id: users.id });
  return row!.id;
}

export async function setRole(db: Db, userId: string, role: UserRole) {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertDeactivation(db: Db, userId: string, deactivatedBy: string) {
  await db.insert(userDeactivations).values({ userId, deactivatedBy }).onConflictDoNothing();
}

export async function hasDeactivation(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userDeactivations.userId })
    .from(userDeactivations)
    .where(eq(userDeactivations.userId, userId));
  return row !== undefined;
}

export async function deleteDeactivation(db: Db, userId: string) {
  await db.delete(userDeactivations).where(eq(userDeactivations.userId, userId));
}

/** Every session of the user ends at once: the next request with any of them is signed out. */
/** Ends every session of the user; returns how many there were. */
export async function deleteSessions(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Issue 22 finding 2: before an invitation gives an existing account a staff role, every way into
 * it that the invitee did not set goes: password, passkeys, authenticator app and backup codes,
 * linked identities, trusted devices, every session, pending codes and links (decision 0032). The
 * invitee sets a password through the invitation's own link.
 */
export async function clearCredentials(db: Db, account: AccountRef) {
  return endEveryWayIn(db, account, { keepPassword: false });
}

/** `npm run admin:create`: the account becomes an administrator with a confirmed address. */
export async function makeConfirmedAdmin(db: Db, userId: string) {
  await db
    .update(users)
    .set({ role: 'admin', emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: string) {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
