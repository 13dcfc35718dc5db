import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser, uniqueEmail } from '../../tests/factories/user.ts';
import { linkIn, waitForMail } from '../../tests/factories/user-mail.ts';
import { authPost } from '../../tests/factories/user-requests.ts';

/** D14 and decision 0027: account e-mails reach the person in the account's language. */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

const chooseLanguage = (email: string, language: string) =>
  ctx.app.db.update(users).set({ language }).where(eq(users.email, email));

describe('account e-mails in the recipient’s language', () => {
  it('sends a password reset in Arabic, right to left, to an account whose language is Arabic', async () => {
    const { user } = await createUser(ctx.app);
    await chooseLanguage(user.email, 'ar');
    // The browser asks for English: the account's own choice wins.
    await authPost(
      ctx.app,
      '/request-password-reset',
      { email: user.email },
      { headers: { 'accept-language': 'en-GB' } },
    );

    const mail = await waitForMail(ctx.app, user.email, /إعادة تعيين كلمة مرور/);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور حسابك في بوابة الدراسة في المملكة المتحدة');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('اختيار كلمة مرور جديدة');
    expect(mail.text).toContain('يعمل هذا الرابط لمدة ساعة واحدة ومرة واحدة فقط.');
    expect(linkIn(mail, ctx.config.publicUrl)).toContain('/reset-password#token=');
    expect(mail.text).not.toContain('Reset your password');
  });

  it('sends the e-mail confirmation in Arabic to an unconfirmed account whose language is Arabic', async () => {
    const { user } = await createUser(ctx.app, { verified: false });
    await chooseLanguage(user.email, 'ar');
    await authPost(ctx.app, '/send-verification-email', { email: user.email });

    const mail = await waitForMail(ctx.app, user.email, /أكِّد عنوان بريدك الإلكتروني/);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('تأكيد عنوان بريدي الإلكتروني');
    expect(mail.text).toContain('شكرًا لك على إنشاء حساب في بوابة الدراسة في المملكة المتحدة.');
    expect(linkIn(mail, ctx.config.publicUrl)).toMatch(/\/confirm-email#token=/);
  });

  it('writes a sign-up’s confirmation in the language the page was shown in, before the account has one', async () => {
    const email = uniqueEmail();
    await authPost(
      ctx.app,
      '/sign-up/email',
      { email, password: 'sesame-71', confirmPassword: 'sesame-71' },
      { headers: { cookie: 'lang=fr', 'accept-language': 'en-GB' } },
    );
    const mail = await waitForMail(ctx.app, email, /Confirmez votre adresse e-mail/);
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.text).toContain('Confirmer mon adresse e-mail');
    const [row] = await ctx.app.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.language).toBeNull();
  });

  it('follows the browser’s languages, and English otherwise, for an account with no language', async () => {
    const hindi = await createUser(ctx.app);
    await authPost(
      ctx.app,
      '/request-password-reset',
      { email: hindi.user.email },
      { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } },
    );
    const hindiMail = await waitForMail(ctx.app, hindi.user.email, /पासवर्ड रीसेट करें/);
    expect(hindiMail.html).toContain('<html lang="hi');

    const plain = await createUser(ctx.app);
    await authPost(ctx.app, '/request-password-reset', { email: plain.user.email });
    const english = await waitForMail(
      ctx.app,
      plain.user.email,
      /Reset your UK Study Portal password/,
    );
    expect(english.html).toContain('dir="ltr"');
    expect(english.text).toContain('Choose a new password with the link below.');
  });
});
