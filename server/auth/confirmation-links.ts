import { generateRandomString } from 'better-auth/crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users, verifications } from '../db/schema/auth.ts';
import { endEveryWayIn, lockAccount, type EndedWaysIn } from './ways-in.ts';

/**
 * Confirmation links (decision 0032): `/confirm-email#token=…`. The token is random, kept in
 * better-auth's verification table, carries no address, travels in the fragment (which no request
 * line holds) and is redeemed once by a POST. Two kinds:
 * - `confirm-email:<token>` (value: the user id): confirms the address of an account registered
 *   with a password. Only the newest registration's link works: each sign-up on an unconfirmed
 *   address replaces the password and every earlier link.
 * - `change-email:<token>` (value: `{"userId","jwt"}`): confirms a new address; the JWT is
 *   better-auth's own change-of-address token, kept here so no link carries it.
 */
export const confirmationPage = '/confirm-email';
/** How long a confirmation link works. */
export const confirmationSeconds = 24 * 60 * 60;

const signUpIdentifier = (token: string) => `confirm-email:${token}`;
const changeIdentifier = (token: string) => `change-email:${token}`;

export const confirmationLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}${confirmationPage}#token=${token}`;

const newToken = () => generateRandomString(32, 'a-z', 'A-Z', '0-9');
const expiry = () => new Date(Date.now() + confirmationSeconds * 1000);

async function replaceLinks(db: Db, userId: string): Promise<string> {
  await db
    .delete(verifications)
    .where(
      and(sql`${verifications.identifier} like 'confirm-email:%'`, eq(verifications.value, userId)),
    );
  const token = newToken();
  await db
    .insert(verifications)
    .values({ identifier: signUpIdentifier(token), value: userId, expiresAt: expiry() });
  return token;
}

/**
 * A confirmation link for the account's current password (a new registration, "Resend
 * confirmation"); earlier links stop working. Null when the address is confirmed already.
 */
export async function issueConfirmationLink(db: Db, userId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (!account || account.emailVerified) return null;
    return replaceLinks(tx, userId);
  });
}

/**
 * D5: a sign-up on an address that is not confirmed yet replaces the password (the latest
 * registration's counts), and its link is the only one that works. Null when the address was
 * confirmed meanwhile (its holder is told instead, by the caller).
 */
export async function reregisterUnconfirmed(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (!account || account.emailVerified) return null;
    const replaced = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (replaced.length === 0) {
      await tx
        .insert(accounts)
        .values({ userId, providerId: 'credential', accountId: userId, password: passwordHash });
    }
    return replaceLinks(tx, userId);
  });
}

/** A link confirming a new address; an earlier pending change of this account stops working. */
export async function issueEmailChangeLink(db: Db, userId: string, jwt: string): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(
        and(
          sql`${verifications.identifier} like 'change-email:%'`,
          sql`${verifications.value} like ${`{"userId":"${userId}"%`}`,
        ),
      );
    await tx.insert(verifications).values({
      identifier: changeIdentifier(token),
      value: JSON.stringify({ userId, jwt }),
      expiresAt: expiry(),
    });
  });
  return token;
}

export type Redeemed =
  | { kind: 'sign-up'; userId: string; ended: EndedWaysIn | null }
  | { kind: 'change'; userId: string; jwt: string }
  | { kind: 'invalid' };

async function takeRow(db: Db, identifier: string) {
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  return row;
}

/**
 * Uses a confirmation link once. For a registration this is the first proof that its holder reads
 * the inbox: the address is confirmed with the password of the registration the link was sent for,
 * and everything else set up on the account before (by anyone) ends (decision 0032).
 */
export async function redeemConfirmationLink(db: Db, token: string): Promise<Redeemed> {
  return db.transaction(async (tx): Promise<Redeemed> => {
    const signUp = await takeRow(tx, signUpIdentifier(token));
    if (signUp) {
      const account = await lockAccount(tx, signUp.value);
      if (!account) return { kind: 'invalid' };
      if (account.emailVerified) return { kind: 'sign-up', userId: account.id, ended: null };
      const ended = await endEveryWayIn(tx, account, { keepPassword: true });
      await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, account.id));
      return { kind: 'sign-up', userId: account.id, ended };
    }
    const change = await takeRow(tx, changeIdentifier(token));
    if (change) {
      const { userId, jwt } = JSON.parse(change.value) as { userId: string; jwt: string };
      return { kind: 'change', userId, jwt };
    }
    return { kind: 'invalid' };
  });
}
