import { generateRandomString } from 'better-auth/crypto';
import type { Config } from '../../config.ts';
import type { Auth } from '../../auth/index.ts';
import { resetLinkOf } from '../../auth/account-mails.ts';

/** Invitations and the admin command give a few days to act, unlike a reset asked for by the user. */
export const setPasswordLinkDays = 7;

/**
 * A better-auth reset-password token made for `userId`, as the /reset-password page takes it:
 * the page sets the password, confirms the address and signs the user in. The token only ever
 * goes into the e-mail, in the link's fragment (decision 0032).
 */
export async function issueSetPasswordLink(
  auth: Auth,
  config: Config,
  userId: string,
): Promise<string> {
  const ctx = await auth.$context;
  const token = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + setPasswordLinkDays * 86_400_000),
  });
  return resetLinkOf(config.publicUrl, token);
}
