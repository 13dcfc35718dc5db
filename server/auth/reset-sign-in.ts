import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { sessions, users, type UserRole } from '../db/schema/auth.ts';
import type { FastifyInstance } from 'fastify';
import { jsonResponse } from './better-auth-bridge.ts';
import { accountDeactivatedMessage } from '../modules/staff/account-status.ts';
import { recordReauth } from './reauth.ts';
import { deletePendingCodesAndLinks, endEveryWayIn, lockAccount } from './ways-in.ts';

const resetIdentifier = (token: string) => `reset-password:${token}`;

/** Whether a reset link still works, so the page can say so before the user types a password. */
export async function isResetTokenValid(app: FastifyInstance, token: string): Promise<boolean> {
  const ctx = await app.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(resetIdentifier(token));
  return Boolean(verification && verification.expiresAt > new Date());
}

/** Who a reset (or set-password) link is for, so the password rules of their role apply (D13). */
export async function resetTokenOwner(
  app: FastifyInstance,
  token: string,
): Promise<{ id: string; role: UserRole } | null> {
  const ctx = await app.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(resetIdentifier(token));
  if (!verification || verification.expiresAt <= new Date()) return null;
  const [user] = await app.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, verification.value));
  return user ?? null;
}

/**
 * What a reset proves (decision 0032): whoever holds the inbox chose this password. On an address
 * never confirmed before, it is the first proof, and everything set up on the account before ends,
 * as with a confirmation link. On a confirmed one, every session (better-auth's
 * revokeSessionsOnPasswordReset), trusted device and pending code or link ends; the authenticator
 * app stays (a second factor outlives a stolen inbox), and the next screen lists the passkeys and
 * linked identities with "Remove" next to each.
 */
async function afterReset(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (!account) return;
    if (account.emailVerified) {
      await deletePendingCodesAndLinks(tx, account);
      return;
    }
    await endEveryWayIn(tx, account, { keepPassword: true });
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/**
 * D5: a password set from the reset link signs the user in. The link came to the inbox, so it
 * also confirms the address. The new session lasts as long as the browser (no "remember me" here),
 * and counts as a re-authentication, so the passkeys and identities listed next can go at once.
 */
export async function signInAfterReset(
  app: FastifyInstance,
  request: Request,
  body: { token: string; newPassword: string },
): Promise<Response> {
  const ctx = await app.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(resetIdentifier(body.token));
  const response = await app.auth.handler(request);
  if (!response.ok || !verification) return response;

  const userId = verification.value;
  await afterReset(app, userId);
  const user = await ctx.internalAdapter.findUserById(userId);
  if (!user) return response;

  const headers = new Headers(request.headers);
  headers.delete('cookie');
  let signedIn;
  try {
    signedIn = await app.auth.api.signInEmail({
      body: { email: user.email, password: body.newPassword, rememberMe: false },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    // The password is changed, but a deactivated account gets no session and is told why.
    if (error instanceof APIError && error.body?.code === 'ACCOUNT_DEACTIVATED') {
      const payload = { code: 'ACCOUNT_DEACTIVATED', message: accountDeactivatedMessage };
      return jsonResponse(403, payload);
    }
    throw error;
  }
  const answer = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  for (const cookie of signedIn.headers.getSetCookie()) answer.append('set-cookie', cookie);
  // With two-step verification on, the new password was the first step: the code comes next.
  const challenged =
    (signedIn.response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect === true;
  if (!challenged) {
    const token = (signedIn.response as { token?: string } | null)?.token;
    const [session] = token
      ? await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token))
      : [];
    if (session) await recordReauth(app, { id: user.id, sessionId: session.id });
  }
  const payload = challenged ? { twoFactorRedirect: true } : { status: true, signedIn: true };
  return new Response(JSON.stringify(payload), { status: 200, headers: answer });
}
