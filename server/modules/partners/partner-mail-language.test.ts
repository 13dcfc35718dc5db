import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerships, users } from '../../db/schema/index.ts';
import * as partnerFactory from '../../../tests/factories/partner.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { mailTo } from '../../../tests/factories/user-mail.ts';
import { uniqueEmail } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const ctx = useTestApp();

/** The one e-mail to `to`, once the outbox has it. */
async function onlyMailTo(to: string) {
  await expect.poll(async () => (await mailTo(ctx.app, to)).length, { timeout: 10_000 }).toBe(1);
  return (await mailTo(ctx.app, to))[0]!;
}

describe('the partner invitation speaks the requester’s language', () => {
  it('an Arabic partnership request: stored with its language, and the contact’s invitation is in Arabic, right to left', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const email = uniqueEmail('arabic-partner');
    const requestId = await partnerFactory.requestPartnership(
      ctx.app,
      { email, businessName: 'Dar Al Maarifa' },
      'ar',
    );
    const [request] = await ctx.app.db
      .select()
      .from(partnerships)
      .where(eq(partnerships.id, requestId));
    expect(request!.language).toBe('ar');

    const accepted = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/partnerships/${requestId}/accept` },
      admin.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const mail = await onlyMailTo(email);
    expect(mail.subject).toBe(
      'حساب الشريك الخاص بـ Dar Al Maarifa في بوابة الدراسة في المملكة المتحدة',
    );
    expect(mail.text).toContain('تعيين كلمة المرور وتسجيل الدخول');
    expect(mail.text).toContain('يعمل هذا الرابط لمدة');
    expect(mail.text).not.toContain('Set my password');
    expect(mail.html).toMatch(/lang="ar"/);
    expect(mail.html).toMatch(/dir="rtl"/);
    // the new account keeps that language for its later e-mails
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(user!.language).toBe('ar');
  });

  it('a request without a language (before this column) is invited in English; a colleague in the inviting page’s language', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const { cookie } = await partnerFactory.createPartner(ctx.app, admin.cookie, 'Bright Lines');
    const colleague = uniqueEmail('colleague');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/organisation/members?lang=fr',
      headers: { origin: ctx.app.config.publicUrl, cookie },
      payload: { email: colleague, name: 'Claire Martin' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await onlyMailTo(colleague);
    expect(mail.subject).toBe('Votre compte partenaire UK Study Portal pour Bright Lines');
    expect(mail.text).toContain('Ce lien est valable 7 jours');

    // an English request (the factory's): the contact's invitation is in English
    const english = uniqueEmail('english-partner');
    const id = await partnerFactory.requestPartnership(ctx.app, { email: english });
    await ctx.app.db.update(partnerships).set({ language: null }).where(eq(partnerships.id, id));
    await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/partnerships/${id}/accept` },
      admin.cookie,
    );
    expect((await onlyMailTo(english)).subject).toMatch(/^Your UK Study Portal partner account/);
  });
});
