import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../tests/account-words.ts';
import { users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser, uniqueEmail } from '../../tests/factories/user.ts';
import { confirmByLink, linkIn, mailTo, waitForMail } from '../../tests/factories/user-mail.ts';
import { apiError, authPost } from '../../tests/factories/user-requests.ts';

const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const register = (
  email: string,
  password = 'sesame-71',
  confirmPassword = password,
  extra: object = {},
) => authPost(ctx.app, '/sign-up/email', { email, password, confirmPassword, ...extra });

const userRow = async (email: string) =>
  (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/sign-up/email', () => {
  it('creates an unconfirmed applicant and sends a confirmation with HTML and text parts, the portal name and a link', async () => {
    const email = uniqueEmail();
    const res = await register(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await userRow(email)).toMatchObject({ emailVerified: false, role: 'applicant' });

    const mail = await waitForMail(ctx.app, email, /confirm/i);
    expect(mail.from).toContain('UK Study Portal');
    for (const part of [mail.text, mail.html]) expect(part).toContain('UK Study Portal');
    const link = linkIn(mail, ctx.config.publicUrl);
    // Decision 0032: /confirm-email#token=…, no address in it, nothing in the query.
    expect(link).toMatch(/^http:\/\/[^/]+\/confirm-email#token=[A-Za-z0-9]{32}$/);
    expect(link).not.toContain(email.split('@')[0]!);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.html).not.toMatch(/<img/i);
    // Finding 3: what to do when someone else registered the address.
    expect(mail.text).toContain('If you did not create an account, do not open the link');
    expect(mail.text).toContain('stay out of any account until you add them yourself');
  });

  it('keeps the address in lower case, so the same person cannot register twice', async () => {
    const email = uniqueEmail();
    await register(email.toUpperCase());
    expect(await userRow(email)).toBeDefined();
  });

  it.each([
    [
      'no e-mail',
      { password: 'sesame-71', confirmPassword: 'sesame-71' },
      'email',
      authMessages.credentialsRequired,
    ],
    [
      'an empty e-mail',
      { email: '', password: 'sesame-71', confirmPassword: 'sesame-71' },
      'email',
      authMessages.credentialsRequired,
    ],
    [
      'a bad e-mail',
      { email: 'not-an-address', password: 'sesame-71', confirmPassword: 'sesame-71' },
      'email',
      authMessages.emailInvalid,
    ],
    ['no password', { email: 'x@example.test' }, 'password', authMessages.credentialsRequired],
    [
      'a 5-character password',
      { email: 'x@example.test', password: '12345', confirmPassword: '12345' },
      'password',
      authMessages.passwordTooShort,
    ],
    [
      'a 129-character password',
      { email: 'x@example.test', password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      'password',
      authMessages.passwordTooLong,
    ],
    [
      'a wrong confirmation',
      { email: 'x@example.test', password: 'sesame-71', confirmPassword: 'sesame-72' },
      'confirmPassword',
      authMessages.passwordsDoNotMatch,
    ],
    [
      'a number for a password',
      { email: 'x@example.test', password: 123456, confirmPassword: 123456 },
      'password',
      authMessages.credentialsRequired,
    ],
  ])(
    'refuses %s with 400 naming the field, and creates nobody',
    async (_case, payload, field, message) => {
      const before = await ctx.app.db.select().from(users);
      const res = await authPost(ctx.app, '/sign-up/email', payload);
      expect(res.statusCode).toBe(400);
      expect(apiError(res).code).toBe('VALIDATION_FAILED');
      expect(apiError(res).fields?.[field]).toBe(message);
      expect(await ctx.app.db.select().from(users)).toHaveLength(before.length);
    },
  );

  it('accepts 6 and 128 characters', async () => {
    expect((await register(uniqueEmail(), 'qz7!ab')).statusCode).toBe(200);
    expect((await register(uniqueEmail(), 'p'.repeat(128))).statusCode).toBe(200);
  });

  it('ignores a role in the request: everyone who signs up is an applicant', async () => {
    const email = uniqueEmail();
    expect((await register(email, 'sesame-71', 'sesame-71', { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await userRow(email))!.role).toBe('applicant');
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ctx.config.publicUrl },
      payload: {
        email: uniqueEmail(),
        password: 'sesame-71',
        confirmPassword: 'sesame-71',
        name: 'x',
        role: 'admin',
      },
    });
    expect(direct.statusCode).toBe(200);
  });

  it('cannot make itself staff through update-user either', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const res = await authPost(ctx.app, '/update-user', { role: 'admin' }, { cookie });
    // Closed altogether (finding 15).
    expect(res.statusCode).toBe(404);
    expect((await userRow(user.email))!.role).toBe('applicant');
    await authPost(ctx.app, '/update-user', { name: 'Ada', role: 'consultant' }, { cookie });
    expect((await userRow(user.email))!.role).toBe('applicant');
  });

  it('answers the same for an address that already has an account, and mails a new link if it is still unconfirmed', async () => {
    const email = uniqueEmail();
    await register(email);
    await waitForMail(ctx.app, email, /confirm/i);
    const again = await register(email, 'another-71');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: true });
    await expect
      .poll(
        async () => (await mailTo(ctx.app, email)).filter((m) => /confirm/i.test(m.subject)).length,
      )
      .toBe(2);
    const [newest] = await mailTo(ctx.app, email);
    const res = await confirmByLink(ctx.app, linkIn(newest!, ctx.config.publicUrl));
    expect(res.statusCode).toBe(200);
    expect((await userRow(email))!.emailVerified).toBe(true);
  });

  it('tells the confirmed owner of an address that someone tried to register it', async () => {
    const { user } = await createUser(ctx.app);
    const res = await register(user.email, 'another-71');
    expect(res.json()).toEqual({ status: true });
    const mail = await waitForMail(ctx.app, user.email, /already have/i);
    expect(mail.text).toContain(`${ctx.config.publicUrl}/login`);
  });
});
