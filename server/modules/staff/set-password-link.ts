import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Auth } from '../../auth/index.ts';

/** Invitations and the admin command give a few days to act, unlike a reset asked for by the user. */
export const setPasswordLinkDays = 7;

/**
 * A better-auth reset-password token made for `userId`, as the /reset-password page takes it:
 * the page sets the password, confirms the address and signs the user in. The token only ever
 * goes into the e-mail.
 */
export async function issueSetPasswordLink(
  auth: Auth,
  config: Config,
  userId: string,
): Promise<string> {
  const ctx = await auth.$context;
  const token = randomBytes(24).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + setPasswordLinkDays * 86_400_000),
  });
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
