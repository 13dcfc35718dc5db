import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { isoDay } from '../../../shared/schemas/casework.ts';
import type { QueuePage, StaffApplicationDetail } from '../../../shared/schemas/staff.ts';
import { fixture, multipartBody } from '../../../tests/factories/application.ts';
import { useStaffApplicationScenario } from '../../../tests/factories/staff-scenario.ts';
import { mailTo, waitForMail } from '../../../tests/factories/user-mail.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { sendReplyReminders } from './reminders.ts';

const ctx = useTestApp();
const { s, detail } = useStaffApplicationScenario(ctx);

interface Caller {
  cookie?: string;
  token?: string;
}
const headersOf = (caller: Caller) => ({
  origin: ctx.app.config.publicUrl,
  ...(caller.cookie ? { cookie: caller.cookie } : {}),
  ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
});
const post = (url: string, caller: Caller, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: headersOf(caller), payload });
const staff = () => ({ cookie: s.consultant.cookie });
const applicant = () => ({ cookie: s.applicant.cookie });
const choiceUrl = (choiceId: string) =>
  `/api/staff/applications/${s.applicationId}/choices/${choiceId}`;
const replyUrl = (choiceId: string) =>
  `/api/applications/${s.applicationId}/choices/${choiceId}/reply`;

async function choices(): Promise<StaffApplicationDetail['choices']> {
  return (await detail()).choices;
}

/** Records facts on a choice as staff, each on the version it has now. */
async function record(choiceId: string, action: string, body: object) {
  const version = (await choices()).find((c) => c.id === choiceId)!.version;
  const res = await post(`${choiceUrl(choiceId)}/${action}`, staff(), { version, ...body });
  expect(res.statusCode, res.body).toBe(204);
}
const send = (id: string) =>
  record(id, 'sent', { sentOn: isoDay(-3), reference: `REF-${id.slice(0, 4)}` });
const offer = (id: string, conditional = true, replyDeadline: string | null = isoDay(20)) =>
  record(id, 'decision', {
    decision: conditional ? 'conditional_offer' : 'unconditional_offer',
    conditions: conditional ? ['IELTS 7.0 overall', 'A 2:1 degree'] : [],
    replyDeadline,
  });
const reply = (id: string, answer: string, caller: Caller = applicant()) =>
  post(replyUrl(id), caller, { reply: answer, confirm: true });
const status = async () => (await detail()).application.status;

describe('choices (D18): staff record the facts, the headline follows', () => {
  it('sent, a conditional offer with its conditions, unsuccessful; accepted only once the firm offer is unconditional', async () => {
    const [first, second, third, fourth] = await choices();
    expect([first, second, third, fourth].map((c) => c!.state)).toEqual([
      'not_sent',
      'not_sent',
      'not_sent',
      'not_sent',
    ]);
    await send(first!.id);
    expect(await status()).toBe('applied');
    await send(second!.id);
    await offer(first!.id);
    await record(second!.id, 'decision', { decision: 'unsuccessful', reason: 'Course full' });
    expect(await status()).toBe('offered');

    const view = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/applications/${s.applicationId}`,
        headers: headersOf(applicant()),
      })
    ).json<ApplicationView>();
    expect(view.choices.map((c) => [c.university.name, c.state, c.reference !== null])).toEqual([
      [first!.university.name, 'conditional_offer', true],
      [second!.university.name, 'unsuccessful', true],
      [third!.university.name, 'not_sent', false],
      [fourth!.university.name, 'not_sent', false],
    ]);
    expect(view.choices[0]!.conditions).toEqual(['IELTS 7.0 overall', 'A 2:1 degree']);
    expect(view.choices[0]!.replies).toEqual(['firm', 'declined']);
    expect(view.choices[1]!.reason).toBe('Course full');

    // one e-mail per decision, each naming its university and program
    const offerMail = await waitForMail(
      ctx.app,
      s.applicant.user.email,
      new RegExp(`conditional offer from ${first!.university.name}`),
    );
    expect(offerMail.text).toContain(first!.program!.name);
    expect(offerMail.text.replace(/\u200b/g, '')).toContain('IELTS 7.0 overall');
    const refusal = await waitForMail(
      ctx.app,
      s.applicant.user.email,
      new RegExp(`decision from ${second!.university.name}`),
    );
    expect(refusal.text).toContain('Course full');

    expect((await reply(first!.id, 'firm')).statusCode).toBe(200);
    expect(await status()).toBe('offered');
    const team = await waitForMail(
      ctx.app,
      ctx.app.site.teamNoticesTo,
      new RegExp(`Reply to an offer: ${first!.university.name}`),
    );
    expect(team.text).toContain('firm choice');
    await record(first!.id, 'conditions-met', { metOn: isoDay(0) });
    expect(await status()).toBe('accepted');
    await waitForMail(ctx.app, s.applicant.user.email, /is now unconditional/);

    // D3: a correction needs a note, and the headline follows it back
    const current = (await choices())[0]!;
    const noNote = await post(`${choiceUrl(current.id)}/correct`, staff(), {
      version: current.version,
      note: ' ',
    });
    expect(noNote.statusCode).toBe(400);
    await record(current.id, 'correct', { note: 'The transcript was not final' });
    expect(await status()).toBe('offered');
    const history = (await detail()).history;
    expect(history.at(-1)).toMatchObject({ fromStatus: 'accepted', status: 'offered' });
    expect(history.at(-1)!.note).toContain('The transcript was not final');
    const timeline = (await choices())[0]!.timeline.map((e) => [e.kind, e.by?.name ?? null]);
    expect(timeline).toEqual([
      ['created', null],
      ['sent', 'Cora Consultant'],
      ['decision', 'Cora Consultant'],
      ['reply', null],
      ['conditions_met', 'Cora Consultant'],
      ['corrected', 'Cora Consultant'],
    ]);
  });

  it('refuses a stale version, a decision before sending, conditions met on an unconditional offer', async () => {
    const [first, second] = await choices();
    const early = await post(`${choiceUrl(first!.id)}/decision`, staff(), {
      version: 1,
      decision: 'unsuccessful',
    });
    expect(early.json().error.code).toBe('CHOICE_NOT_SENT');
    await send(first!.id);
    const stale = await post(`${choiceUrl(first!.id)}/sent`, staff(), {
      version: 1,
      sentOn: isoDay(0),
    });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'CHOICE_CHANGED_MEANWHILE']);
    await send(second!.id);
    await offer(second!.id, false);
    const version = (await choices())[1]!.version;
    const met = await post(`${choiceUrl(second!.id)}/conditions-met`, staff(), {
      version,
      metOn: isoDay(0),
    });
    expect(met.json().error.code).toBe('CHOICE_NOT_CONDITIONAL');
    const unknown = await post(
      `${choiceUrl('00000000-0000-4000-8000-000000000000')}/sent`,
      staff(),
      { version: 1, sentOn: isoDay(0) },
    );
    expect(unknown.statusCode).toBe(404);
    const conditionsOnRefusal = await post(`${choiceUrl(first!.id)}/decision`, staff(), {
      version: 2,
      decision: 'unsuccessful',
      conditions: ['x'],
    });
    expect(conditionsOnRefusal.statusCode).toBe(400);
    const applicantTries = await post(`${choiceUrl(first!.id)}/sent`, applicant(), {
      version: 2,
      sentOn: isoDay(0),
    });
    expect(applicantTries.statusCode).toBe(403);
  });

  it('keeps an offer letter on the choice, checked by content, for the applicant to download', async () => {
    const [first] = await choices();
    const upload = (file: { filename: string; content: Buffer; contentType?: string }) => {
      const { payload, contentType } = multipartBody({}, [{ key: 'attachment', ...file }]);
      return ctx.app.inject({
        method: 'POST',
        url: `${choiceUrl(first!.id)}/documents`,
        payload,
        headers: { ...headersOf(staff()), 'content-type': contentType },
      });
    };
    const fake = await upload({
      filename: 'offer.pdf',
      content: Buffer.from('not a pdf at all'),
      contentType: 'application/pdf',
    });
    expect(fake.statusCode).toBe(415);
    const res = await upload({
      ...fixture('transcript.pdf'),
      filename: 'offer-letter.pdf',
      contentType: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = (await choices())[0]!.documents;
    expect(doc!.fileName).toBe('offer-letter.pdf');
    const download = await ctx.app.inject({
      method: 'GET',
      url: doc!.url,
      headers: headersOf(applicant()),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
    const stranger = await createUser(ctx.app);
    const other = await ctx.app.inject({
      method: 'GET',
      url: doc!.url,
      headers: headersOf({ cookie: stranger.cookie }),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('the reply rules (issue 24)', () => {
  it('only the applicant: the owner signed in or a valid tracking link, never another account', async () => {
    const [first, second] = await choices();
    await send(first!.id);
    await send(second!.id);
    await offer(first!.id);
    await offer(second!.id);
    const stranger = await createUser(ctx.app);
    expect((await reply(first!.id, 'firm', { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await reply(first!.id, 'firm', {})).statusCode).toBe(401);
    expect((await reply(first!.id, 'firm', { token: 'forged.token' })).statusCode).toBe(401);
    const byLink = await reply(first!.id, 'firm', {
      token: ctx.app.trackingTokens.issue('track', s.applicationId),
    });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json<ApplicationView>().choices[0]!.reply).toBe('firm');
    // answered: not again without the team
    expect((await reply(first!.id, 'declined')).json().error.code).toBe('CHOICE_ALREADY_ANSWERED');
    // no reply without confirmation, or of an unknown kind
    expect((await post(replyUrl(second!.id), applicant(), { reply: 'firm' })).statusCode).toBe(400);
    expect(
      (await post(replyUrl(second!.id), applicant(), { reply: 'maybe', confirm: true })).statusCode,
    ).toBe(400);
  });

  it('one firm at a time; an insurance only below a conditional firm', async () => {
    const [first, second, third] = await choices();
    for (const c of [first, second, third]) await send(c!.id);
    await offer(first!.id, false);
    await offer(second!.id, true);
    await offer(third!.id, true);
    expect((await reply(second!.id, 'insurance')).json().error.code).toBe(
      'INSURANCE_NEEDS_CONDITIONAL_FIRM',
    );
    expect((await reply(first!.id, 'firm')).statusCode).toBe(200);
    expect(await status()).toBe('accepted');
    const second409 = await reply(second!.id, 'firm');
    expect([second409.statusCode, second409.json().error.code]).toEqual([
      409,
      'FIRM_ALREADY_CHOSEN',
    ]);
    // the firm offer is unconditional: no insurance below it
    expect((await reply(second!.id, 'insurance')).json().error.code).toBe(
      'INSURANCE_NEEDS_CONDITIONAL_FIRM',
    );
    // declining every other offer is possible
    expect((await reply(second!.id, 'declined')).statusCode).toBe(200);
    expect((await reply(third!.id, 'declined')).statusCode).toBe(200);
  });

  it('an insurance below a conditional firm, only one', async () => {
    const [first, second, third] = await choices();
    for (const c of [first, second, third]) await send(c!.id);
    for (const c of [first, second, third]) await offer(c!.id);
    expect((await reply(first!.id, 'firm')).statusCode).toBe(200);
    expect((await reply(second!.id, 'insurance')).statusCode).toBe(200);
    expect((await reply(third!.id, 'insurance')).json().error.code).toBe(
      'INSURANCE_ALREADY_CHOSEN',
    );
    expect((await detail()).application.status).toBe('offered');
  });

  it('after the deadline the reply is refused with its own code; reminders go 7 and 2 days before, once each', async () => {
    const [first, second] = await choices();
    await send(first!.id);
    await send(second!.id);
    await offer(first!.id, true, isoDay(-1));
    await offer(second!.id, true, isoDay(7));
    const late = await reply(first!.id, 'firm');
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'REPLY_DEADLINE_PASSED']);
    await sendReplyReminders(ctx.app);
    await sendReplyReminders(ctx.app);
    const reminder = await waitForMail(ctx.app, s.applicant.user.email, /7 days left to reply/);
    expect(reminder.subject).toContain(second!.university.name);
    // two days before: the second reminder, once
    const in5 = new Date(Date.now() + 5 * 86_400_000);
    await sendReplyReminders(ctx.app, in5);
    await sendReplyReminders(ctx.app, in5);
    await waitForMail(ctx.app, s.applicant.user.email, /2 days left to reply/);
    const reminders = async () =>
      (await mailTo(ctx.app, s.applicant.user.email)).filter((m) =>
        /left to reply/.test(m.subject),
      );
    await expect.poll(async () => (await reminders()).length).toBe(2);
  });

  it('a withdrawn application refuses every change (409)', async () => {
    const [first] = await choices();
    await send(first!.id);
    await offer(first!.id);
    const withdraw = await post(`/api/applications/${s.applicationId}/withdraw`, applicant(), {
      confirm: true,
    });
    expect(withdraw.statusCode).toBe(200);
    const res = await reply(first!.id, 'firm');
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'APPLICATION_CLOSED']);
    const version = (await choices())[0]!.version;
    const staffRes = await post(`${choiceUrl(first!.id)}/conditions-met`, staff(), {
      version,
      metOn: isoDay(0),
    });
    expect(staffRes.statusCode).toBe(409);
    expect((await choices())[0]!.replies).toEqual([]);
  });

  it('the queue filters by choice state, the flags kept in step with every change (D18)', async () => {
    const listed = async (choice: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/staff/applications?choice=${choice}&pageSize=100`,
        headers: headersOf(staff()),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<QueuePage>().items.some((i) => i.id === s.applicationId);
    };
    const both = async () => [
      await listed('awaiting_decision'),
      await listed('offer_awaiting_reply'),
    ];
    const [first, second] = await choices();
    expect(await both()).toEqual([false, false]);
    await send(first!.id);
    expect(await both()).toEqual([true, false]);
    await offer(first!.id);
    expect(await both()).toEqual([false, true]);
    await send(second!.id);
    expect(await both()).toEqual([true, true]);
    expect((await reply(first!.id, 'firm')).statusCode).toBe(200);
    expect(await both()).toEqual([true, false]);
    await record(second!.id, 'decision', { decision: 'unsuccessful' });
    expect(await both()).toEqual([false, false]);
    // a correction undoes the decision: awaiting again
    await record(second!.id, 'correct', { note: 'Recorded on the wrong choice' });
    expect(await both()).toEqual([true, false]);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/applications?choice=maybe',
      headers: headersOf(staff()),
    });
    expect(refused.statusCode).toBe(400);
  });
});
