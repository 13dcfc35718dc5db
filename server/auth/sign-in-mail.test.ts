import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifications } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser } from '../../tests/factories/user.ts';
import { linkIn, mailTo, tokenOfLink } from '../../tests/factories/user-mail.ts';
import { apiError, authPost } from '../../tests/factories/user-requests.ts';

/**
 * The sign-in e-mail (issue 22 findings 5 and 12): its code and link are one proof, and a request
 * over an address's cap sends nothing and changes nothing; each kind of e-mail has its own cap.
 */
const ctx = useTestApp({
  AUTH_RATE_LIMIT_IP_MAX: '1000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
  AUTH_MAILS_PER_ADDRESS: '3',
});

const signInMails = async (email: string) =>
  (await mailTo(ctx.app, email)).filter((m) => /sign-in code/i.test(m.subject));

/** Asks for a sign-in e-mail and, unless `expectMail` is false, returns its code and link token. */
async function requestCode(email: string) {
  const before = (await signInMails(email)).length;
  const res = await authPost(ctx.app, '/sign-in/magic-link', { email });
  expect(res.statusCode).toBe(200);
  await expect.poll(async () => (await signInMails(email)).length).toBe(before + 1);
  const [mail] = await signInMails(email);
  const link = mail!.text
    .split(/\s+/)
    .find((word) => word.startsWith(`${ctx.config.publicUrl}/login/link#token=`))!;
  return {
    code: /\b(\d{6})\b/.exec(mail!.text)![1]!,
    token: decodeURIComponent(new URL(link).hash.slice('#token='.length)),
  };
}

const byCode = (email: string, code: string) =>
  authPost(ctx.app, '/sign-in/email-otp', { email, code });
const byLink = (token: string) => authPost(ctx.app, '/magic-link/verify', { token });

describe('the sign-in e-mail is one proof (finding 12)', () => {
  it('once its code signed in, its link no longer works', async () => {
    const { user } = await createUser(ctx.app);
    const { code, token } = await requestCode(user.email);
    expect((await byCode(user.email, code)).statusCode).toBe(200);
    const link = await byLink(token);
    expect(link.statusCode).toBe(400);
    expect(apiError(link).code).toBe('SIGN_IN_LINK_INVALID');
  });

  it('once its link signed in, its code no longer works', async () => {
    const { user } = await createUser(ctx.app);
    const { code, token } = await requestCode(user.email);
    expect((await byLink(token)).statusCode).toBe(200);
    const again = await byCode(user.email, code);
    expect(again.statusCode).toBe(400);
    expect(apiError(again).code).toBe('INVALID_OTP');
  });

  it('a newer e-mail replaces both the code and the link of the one before', async () => {
    const { user } = await createUser(ctx.app);
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    expect((await byLink(first.token)).statusCode).toBe(400);
    expect((await byCode(user.email, second.code)).statusCode).toBe(200);
  });
});

describe('caps on account e-mails (finding 5)', () => {
  it('a code request over the cap sends nothing, and the code already e-mailed still signs in', async () => {
    const { user } = await createUser(ctx.app);
    await requestCode(user.email);
    await requestCode(user.email);
    const last = await requestCode(user.email);
    const links = await ctx.app.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, 'magic-link:%'));
    expect((await authPost(ctx.app, '/sign-in/magic-link', { email: user.email })).statusCode).toBe(
      200,
    );
    await ctx.app.mailer.flush();
    await expect
      .poll(async () =>
        ctx.app.db
          .select()
          .from(verifications)
          .where(like(verifications.identifier, 'magic-link:%')),
      )
      .toHaveLength(links.length);
    expect(await signInMails(user.email)).toHaveLength(3);
    expect((await byCode(user.email, last.code)).statusCode).toBe(200);
  });

  it('a reset request over the cap makes no new link, and the link already e-mailed still works', async () => {
    const { user } = await createUser(ctx.app);
    const resets = async () =>
      (await mailTo(ctx.app, user.email)).filter((m) => /reset/i.test(m.subject));
    for (let i = 1; i <= 3; i++) {
      await authPost(ctx.app, '/request-password-reset', { email: user.email });
      await expect.poll(async () => (await resets()).length).toBe(i);
    }
    const tokens = async () =>
      ctx.app.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, 'reset-password:%'));
    const before = (await tokens()).length;
    await authPost(ctx.app, '/request-password-reset', { email: user.email });
    await expect.poll(async () => (await tokens()).length).toBe(before);
    expect(await resets()).toHaveLength(3);
    const [newest] = await resets();
    const token = tokenOfLink(linkIn(newest!, ctx.config.publicUrl));
    expect((await authPost(ctx.app, '/reset-password/status', { token })).json()).toEqual({
      valid: true,
    });
  });

  it('each kind of e-mail has its own cap: resets used up, the sign-in code still goes out', async () => {
    const { user } = await createUser(ctx.app);
    for (let i = 0; i < 4; i++)
      await authPost(ctx.app, '/request-password-reset', { email: user.email });
    await expect
      .poll(async () => (await mailTo(ctx.app, user.email)).filter((m) => /reset/i.test(m.subject)))
      .toHaveLength(3);
    const { code } = await requestCode(user.email);
    expect((await byCode(user.email, code)).statusCode).toBe(200);
  });
});
