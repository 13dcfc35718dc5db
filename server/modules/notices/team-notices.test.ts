import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, sampleProgram } from '../../../tests/factories/application.ts';
import { createPartnershipInput, createReferralInput } from '../../../tests/factories/referral.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { mailTo } from '../../../tests/factories/user-mail.ts';

const ctx = useTestApp();
const team = () => ctx.app.site.teamNoticesTo;

/** The team's notice whose console link names `id` (every notice goes to one address). */
async function teamNoticeAbout(id: string) {
  await ctx.app.mailer.flush();
  return (await mailTo(ctx.app, team())).filter((m) => m.text.includes(id));
}

const post = (url: string, payload: object, key = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload });

describe('the team hears of new requests (item 12 of issue 15)', () => {
  it('e-mails the configured team address about a new application, with a console link and no contact details', async () => {
    const { id, email, fields } = await createApplication(ctx.app, { fullName: 'Ngozi Adeyemi' });
    const [notice, ...more] = await teamNoticeAbout(id);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe(`New application: ${sampleProgram.name}`);
    expect(notice!.text).toContain(`${ctx.app.config.publicUrl}/staff/applications/${id}`);
    expect(notice!.text).toContain('submitted signed out');
    expect(notice!.text).not.toContain(email);
    expect(notice!.text).not.toContain(fields.passportNumber as string);
    expect(notice!.text).not.toContain(fields.phone as string);
  });

  it('tells the owner account of an application sent for another address, and not when the addresses match', async () => {
    const owner = await createUser(ctx.app);
    const other = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email: other }, { cookie: owner.cookie });
    await ctx.app.mailer.flush();
    const [ownerMail] = await mailTo(ctx.app, owner.user.email);
    expect(ownerMail!.subject).toBe('An application was added to your dashboard');
    expect(ownerMail!.text).toContain(`${ctx.app.config.publicUrl}/dashboard`);
    expect((await teamNoticeAbout(id))[0]!.text).toContain('signed-in account');

    const same = await createUser(ctx.app);
    await createApplication(ctx.app, { email: same.user.email }, { cookie: same.cookie });
    await ctx.app.mailer.flush();
    const subjects = (await mailTo(ctx.app, same.user.email))
      .map((m) => m.subject)
      .filter((s) => /application/i.test(s));
    expect(subjects).toEqual(['We have received your application']);
  });

  it('e-mails the team once about a referral, naming the student and what they want to study, not on a replay', async () => {
    const key = randomUUID();
    const body = createReferralInput({
      name: 'Adaeze Obi',
      studentName: 'Chidi Eze',
      studyInterest: 'MSc Data Science',
    });
    const res = await post('/api/referrals', body, key);
    expect(res.statusCode).toBe(201);
    expect((await post('/api/referrals', body, key)).statusCode).toBe(200);
    const notices = await teamNoticeAbout(res.json().id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('New student referral');
    expect(notices[0]!.text).toContain('Chidi Eze, who wants to study MSc Data Science');
    expect(notices[0]!.text).toContain('(Nigeria)');
    expect(notices[0]!.text).not.toContain(body.email);
  });

  it('e-mails the team about a partnership request', async () => {
    const res = await post('/api/partnerships', createPartnershipInput());
    expect(res.statusCode).toBe(201);
    const [notice] = await teamNoticeAbout(res.json().id);
    expect(notice!.subject).toBe('New partnership request');
    expect(notice!.text).toContain('Bright Futures Education Ltd');
    expect(notice!.text).toContain(`/staff/requests/partnership/${res.json().id}`);
  });

  it('writes no notice when the request is refused', async () => {
    await ctx.app.mailer.flush();
    const before = (await mailTo(ctx.app, team())).length;
    expect(
      (await post('/api/referrals', createReferralInput({ studentName: '' }))).statusCode,
    ).toBe(400);
    await ctx.app.mailer.flush();
    expect((await mailTo(ctx.app, team())).length).toBe(before);
  });
});
