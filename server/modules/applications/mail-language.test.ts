import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../../../shared/schemas/casework.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplication,
  createApplicationFields,
  multipartBody,
} from '../../../tests/factories/application.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';
import { applications } from '../../db/schema/index.ts';
import { createRequest } from '../casework/requests.ts';
import { changeStatus } from './index.ts';

/**
 * Issue 14, item 4: an application keeps the language it was submitted in, and every e-mail to
 * its applicant is written in it; English stays word for word.
 */
const ctx = useTestApp();

const storedLanguage = async (id: string) =>
  (
    await ctx.app.db
      .select({ language: applications.language })
      .from(applications)
      .where(eq(applications.id, id))
  )[0]?.language;

describe('e-mails in the language the application was submitted in', () => {
  it('an application sent in Arabic gets its confirmation, a status change and a request in Arabic, right to left', async () => {
    const { user: staff } = await createUser(ctx.app, { role: 'consultant' });
    const { id, email } = await createApplication(ctx.app, {}, { cookie: 'lang=ar' });
    expect(await storedLanguage(id)).toBe('ar');

    const confirmation = await waitForMail(ctx.app, email, /^لقد استلمنا طلبك$/);
    expect(confirmation.html).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation.text).toContain('شكرًا لك يا Amina Yusuf');
    expect(confirmation.text).toContain(`رقم طلبك هو ${id}.`);
    expect(confirmation.text).toContain('يعمل هذا الرابط لمدة 30 يومًا.');
    expect(confirmation.text).not.toMatch(/We have received|Track your application/);

    await changeStatus(ctx.app, {
      applicationId: id,
      to: 'reviewed',
      note: null,
      actorId: staff.id,
    });
    const status = await waitForMail(ctx.app, email, /^طلبك قيد المراجعة$/);
    expect(status.html).toContain('dir="rtl"');
    expect(status.text).toContain('يراجع فريق القبول طلبك حاليًا.');
    expect(status.text).toContain('تتبّع طلبك:');

    const dueOn = isoDay(10);
    await createRequest(ctx.app, staff, id, {
      kind: 'document',
      documentKey: 'financialEvidence',
      message: 'Bank statement',
      dueOn,
    });
    const request = await waitForMail(ctx.app, email, /^مطلوب إجراء بشأن طلبك$/);
    const due = new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${dueOn}T00:00:00Z`),
    );
    expect(request.text).toContain(
      `لمتابعة طلبك نحتاج إلى المستند (إثبات القدرة المالية) في موعد أقصاه ${due}.`,
    );
  });

  it('?lang= of the submission wins over the cookie and the browser, and a French status e-mail follows', async () => {
    const { user: staff } = await createUser(ctx.app, { role: 'consultant' });
    const fields = createApplicationFields();
    const { payload, contentType } = multipartBody(fields);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications?lang=fr',
      payload,
      headers: { 'content-type': contentType, cookie: 'lang=ar', 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await storedLanguage(id)).toBe('fr');
    await waitForMail(ctx.app, fields.email as string, /^Nous avons bien reçu votre candidature$/);
    await changeStatus(ctx.app, {
      applicationId: id,
      to: 'reviewed',
      note: 'Dossier complet.',
      actorId: staff.id,
    });
    const status = await waitForMail(
      ctx.app,
      fields.email as string,
      /^Votre candidature est en cours d’examen$/,
    );
    expect(status.text).toContain('Un mot de notre équipe : Dossier complet.');
    expect(status.html).toContain('<html lang="fr" dir="ltr">');
  });

  it('an unknown ?lang= falls back to the browser’s languages, then English', async () => {
    const plain = await createApplication(ctx.app);
    expect(await storedLanguage(plain.id)).toBe('en');
    const fields = createApplicationFields();
    const { payload, contentType } = multipartBody(fields);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications?lang=xx',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'hi-IN, en;q=0.5' },
    });
    expect(res.statusCode).toBe(201);
    expect(await storedLanguage(res.json<{ id: string }>().id)).toBe('hi');
  });

  it('in English the confirmation and a status change stay word for word', async () => {
    const { user: staff } = await createUser(ctx.app, { role: 'consultant' });
    const { id, email } = await createApplication(ctx.app, {}, { cookie: 'lang=en' });
    const confirmation = await waitForMail(ctx.app, email, /^We have received your application$/);
    expect(confirmation.html).toContain('<html lang="en-GB" dir="ltr">');
    expect(confirmation.text).toContain('Thank you, Amina Yusuf');
    expect(confirmation.text).toContain(
      `Your application ID is ${id}. Keep it: with this e-mail address it lets you track your application at any time.`,
    );
    expect(confirmation.text).toContain(
      'Your application has been successfully submitted and is being processed.',
    );
    expect(confirmation.text).toContain(
      'This link works for 30 days. After that, track with your application ID and e-mail address.',
    );
    expect(confirmation.text).toContain('Track your application:');
    await changeStatus(ctx.app, {
      applicationId: id,
      to: 'reviewed',
      note: null,
      actorId: staff.id,
    });
    const status = await waitForMail(ctx.app, email, /^Your application is being reviewed$/);
    expect(status.text).toContain('The admissions team is reviewing your application');
    expect(status.text).toContain('Dear Amina Yusuf,');
    expect(status.text).toContain('Your application is being reviewed by the admissions team.');
    expect(status.html).toContain(
      'If the button does not work, copy this address into your browser:',
    );
  });
});
