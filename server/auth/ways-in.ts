import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema/auth.ts';
import { passkeys } from '../db/schema/identity.ts';

/**
 * Every way into an account, and how the rules of decision 0032 end them: proving the inbox (a
 * confirmation link, a reset, an e-mail code) for the first time ends whatever anyone set up on
 * the account before, and an invitation ends everything before the invitee sets their own.
 */

/** An account as these functions need it. Pass a transaction to make several changes at once. */
export interface AccountRef {
  id: string;
  email: string;
}

/**
 * Pending codes and links of the account, in better-auth's verification table: reset and
 * set-password links (`reset-password:<token>`), confirmation links (`confirm-email:<token>`),
 * trusted devices (`trust-device-…`), half-finished second-factor sign-ins and re-authentications
 * (all with the user id as value); e-mailed sign-in and re-authentication codes (keyed by
 * address); sign-in links (their JSON names the address); confirmations of a new address.
 */
export async function deletePendingCodesAndLinks(db: Db, account: AccountRef): Promise<number> {
  const email = account.email.toLowerCase();
  const rows = await db
    .delete(verifications)
    .where(
      or(
        eq(verifications.value, account.id),
        sql`lower(${verifications.identifier}) in (${`sign-in-otp-${email}`}, ${`email-verification-otp-${email}`}, ${`forget-password-otp-${email}`})`,
        // Only the sign-in links' rows are read as JSON (CASE keeps other values away from the cast).
        sql`(case when ${verifications.identifier} like 'magic-link:%' and ${verifications.value} like '{%' then lower(${verifications.value}::jsonb ->> 'email') end) = ${email}`,
        and(
          sql`${verifications.identifier} like 'change-email:%'`,
          sql`${verifications.value} like ${`{"userId":"${account.id}"%`}`,
        ),
      ),
    )
    .returning({ id: verifications.id });
  return rows.length;
}

/** The authenticator app and its backup codes. */
export async function removeAuthenticatorApp(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export interface EndedWaysIn {
  sessions: number;
  passkeys: number;
  identities: number;
  passwords: number;
  pending: number;
  authenticatorApp: boolean;
}

/**
 * Ends every way into the account: sessions, passkeys, the authenticator app and its backup codes,
 * linked identities, trusted devices, pending codes and links, and the password unless
 * `keepPassword` (the one the proof itself set). Run it inside the transaction that records the
 * proof, so the account is never half cleared.
 */
export async function endEveryWayIn(
  db: Db,
  account: AccountRef,
  { keepPassword }: { keepPassword: boolean },
): Promise<EndedWaysIn> {
  const endedSessions = await db
    .delete(sessions)
    .where(eq(sessions.userId, account.id))
    .returning({ id: sessions.id });
  const endedPasskeys = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, account.id))
    .returning({ id: passkeys.id });
  const endedAccounts = await db
    .delete(accounts)
    .where(
      keepPassword
        ? and(eq(accounts.userId, account.id), ne(accounts.providerId, 'credential'))
        : eq(accounts.userId, account.id),
    )
    .returning({ providerId: accounts.providerId });
  const [app] = await db
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, account.id));
  const [factor] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(eq(twoFactors.userId, account.id));
  await removeAuthenticatorApp(db, account.id);
  const pending = await deletePendingCodesAndLinks(db, account);
  return {
    sessions: endedSessions.length,
    passkeys: endedPasskeys.length,
    identities: endedAccounts.filter((a) => a.providerId !== 'credential').length,
    passwords: endedAccounts.filter((a) => a.providerId === 'credential').length,
    pending,
    authenticatorApp: Boolean(app?.on || factor),
  };
}

/** Locks the account's row for the rest of the transaction and reads it. */
export async function lockAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
