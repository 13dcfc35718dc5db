import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import type { QueuePage } from '../../../shared/schemas/staff.ts';
import { isoDay } from '../../../shared/schemas/casework.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { useStaffApplicationScenario } from '../../../tests/factories/staff-scenario.ts';
import { fixture, multipartBody, pdfOfSize } from '../../../tests/factories/application.ts';
import { type Caller } from '../../../tests/factories/casework.ts';
import { createApplicantWithApplication, createStaff } from '../../../tests/factories/staff.ts';
import { storedState } from '../../../tests/factories/application-storage.ts';
import { openEventStream, openTrackStream } from '../../../tests/factories/application-stream.ts';
import { mailTo, waitForMail } from '../../../tests/factories/user-mail.ts';
import { applicationDocuments, applications } from '../../db/schema/index.ts';
import { sendLateDigests } from './owners.ts';

const ctx = useTestApp();
const { s, detail, move, advanceTo } = useStaffApplicationScenario(ctx);
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

const tokenFor = (id: string) => ctx.app.trackingTokens.issue('track', id);
const headersOf = (caller: Caller) => ({
  origin: ctx.app.config.publicUrl,
  ...(caller.cookie ? { cookie: caller.cookie } : {}),
  ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
});
function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  caller: Caller,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: headersOf(caller),
    ...(payload ? { payload } : {}),
  });
}
function upload(
  url: string,
  file: { key: string; filename: string; content: Buffer; contentType?: string },
  caller: Caller,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(fields, [file]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headersOf(caller), 'content-type': contentType },
  });
}
const staff = () => ({ cookie: s.consultant.cookie });
/** A save of the after-offer steps names the version it is based on (issue 25 §2). */
async function steps(body: object) {
  const [row] = await ctx.app.db
    .select({ version: applications.afterOfferVersion })
    .from(applications)
    .where(eq(applications.id, s.applicationId));
  return { version: row!.version, ...body };
}
const base = () => `/api/staff/applications/${s.applicationId}`;
const mine = () => `/api/applications/${s.applicationId}`;
const applicantView = async (): Promise<ApplicationView> =>
  (await call('GET', mine(), { cookie: s.applicant.cookie })).json();

async function ask(
  body: object = {
    kind: 'document',
    documentKey: 'financialEvidence',
    message: 'A bank statement for the last 28 days',
    dueOn: isoDay(7),
  },
) {
  const res = await call('POST', `${base()}/requests`, staff(), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
const bankStatement = {
  key: 'financialEvidence',
  ...fixture('transcript.pdf'),
  filename: 'bank-statement.pdf',
  contentType: 'application/pdf',
};

describe('requests to the applicant (action required)', () => {
  it('staff ask for financial evidence: the applicant is e-mailed, sees it, uploads it, and the request closes', async () => {
    const requestId = await ask();
    const mail = await waitForMail(ctx.app, s.applicant.user.email, /Action required/);
    expect(mail.text).toContain('your financial evidence by');
    expect(mail.text).not.toContain('bank statement'); // the team's words stay on the track page
    const open = (await applicantView()).casework.requests;
    expect(open).toEqual([
      expect.objectContaining({
        id: requestId,
        label: 'Financial Evidence',
        open: true,
        dueOn: isoDay(7),
      }),
    ]);
    expect((await detail()).casework.requests[0]).toMatchObject({
      overdue: false,
      by: { name: 'Cora Consultant' },
    });

    const res = await upload(`${mine()}/requests/${requestId}/answer`, bankStatement, {
      token: tokenFor(s.applicationId),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<ApplicationView>();
    expect(view.casework.requests[0]).toMatchObject({ open: false });
    expect(view.documents.map((d) => [d.key, d.state, d.version])).toContainEqual([
      'financialEvidence',
      'received',
      1,
    ]);
    const again = await upload(`${mine()}/requests/${requestId}/answer`, bankStatement, {
      token: tokenFor(s.applicationId),
    });
    expect(again.statusCode).toBe(409);
  });

  it('a request for information is answered in writing; the queue counts and filters what waits on the applicant', async () => {
    const requestId = await ask({
      kind: 'information',
      message: 'Which intake do you want?',
      dueOn: isoDay(3),
    });
    const only = `q=${s.applicationId}`;
    const waiting = (
      await call('GET', `/api/staff/applications?${only}&action=required`, staff())
    ).json<QueuePage>();
    expect(waiting.items.map((i) => i.id)).toEqual([s.applicationId]);
    expect(waiting.items[0]!.requestDueOn).toBe(isoDay(3));
    expect(
      (await call('GET', `/api/staff/applications?${only}`, staff())).json<QueuePage>().flagCounts
        .actionRequired,
    ).toBe(1);
    const blank = await call(
      'POST',
      `${mine()}/requests/${requestId}/answer`,
      { cookie: s.applicant.cookie },
      { text: '  ' },
    );
    expect(blank.statusCode).toBe(400);
    const res = await call(
      'POST',
      `${mine()}/requests/${requestId}/answer`,
      { cookie: s.applicant.cookie },
      { text: 'September 2027' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ApplicationView>().casework.requests[0]).toMatchObject({
      open: false,
      answerText: 'September 2027',
    });
    expect(
      (
        await call('GET', `/api/staff/applications?${only}&action=required`, staff())
      ).json<QueuePage>().items,
    ).toEqual([]);
  });

  it('flags an overdue request to staff (fake clock)', async () => {
    await ask({ kind: 'information', message: 'Your address', dueOn: isoDay(1) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 3 * 86_400_000));
    expect((await detail()).casework.requests[0]!.overdue).toBe(true);
    const overdue = (
      await call('GET', `/api/staff/applications?q=${s.applicationId}&action=overdue`, staff())
    ).json<QueuePage>();
    expect(overdue.items.map((i) => i.id)).toEqual([s.applicationId]);
  });

  it('refuses a due date past the next 2 years, such as year 9999 (issue 22 finding 12)', async () => {
    for (const dueOn of ['9999-12-31', isoDay(731)]) {
      const res = await call('POST', `${base()}/requests`, staff(), {
        kind: 'information',
        message: 'Your address in the UK',
        dueOn,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.dueOn).toBe('Choose a due date within the next 2 years');
    }
    const inTime = await call('POST', `${base()}/requests`, staff(), {
      kind: 'information',
      message: 'Your address in the UK',
      dueOn: isoDay(730),
    });
    expect(inTime.statusCode).toBe(201);
  });

  it('refuses a request without a document, with a past due date, or on a closed application', async () => {
    const noKey = await call('POST', `${base()}/requests`, staff(), {
      kind: 'document',
      message: 'x',
      dueOn: isoDay(7),
    });
    expect(noKey.json().error.fields.documentKey).toBe('Choose the document you need');
    const past = await call('POST', `${base()}/requests`, staff(), {
      kind: 'information',
      message: 'x',
      dueOn: '2001-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(
      (await call('POST', `${base()}/close`, staff(), { reason: 'No place left on the course' }))
        .statusCode,
    ).toBe(204);
    const closed = await call('POST', `${base()}/requests`, staff(), {
      kind: 'information',
      message: 'x',
      dueOn: isoDay(7),
    });
    expect(closed.statusCode).toBe(409);
  });

  it('an answer keeps the checks of the submission: type by content, size, that document only; nothing is stored when refused', async () => {
    const requestId = await ask();
    const url = `${mine()}/requests/${requestId}/answer`;
    const caller = { token: tokenFor(s.applicationId) };
    const before = await storedState(ctx.app);
    expect(
      (
        await upload(
          url,
          { key: 'financialEvidence', ...fixture('not-a-pdf.pdf'), contentType: 'application/pdf' },
          caller,
        )
      ).statusCode,
    ).toBe(415);
    const large = await upload(
      url,
      { key: 'financialEvidence', ...pdfOfSize(11 * 1024 * 1024) },
      caller,
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(
      'Financial Evidence is larger than 10 MB. Please upload a smaller file.',
    );
    expect((await upload(url, { ...bankStatement, key: 'cv' }, caller)).statusCode).toBe(400);
    expect(
      (
        await upload(
          url,
          { key: 'financialEvidence', filename: 'empty.pdf', content: Buffer.alloc(0) },
          caller,
        )
      ).statusCode,
    ).toBe(400);
    expect((await call('POST', url, caller, { text: 'here' })).statusCode).toBe(415);
    expect(await storedState(ctx.app)).toEqual(before);
    const rows = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, s.applicationId));
    expect(rows.map((r) => r.key)).toEqual(['transcripts']);
  });

  it('e-mails the applicant when a document is rejected, with the reason', async () => {
    const res = await call('POST', `${base()}/documents/transcripts/review`, staff(), {
      version: 1,
      reviewVersion: 1,
      state: 'rejected',
      reason: 'The scan is cut off',
    });
    expect(res.statusCode).toBe(204);
    const mail = await waitForMail(ctx.app, s.applicant.user.email, /send your transcripts again/);
    expect(mail.text).toContain('could not accept it: The scan is cut off');
  });
});

describe('messages', () => {
  it('one conversation, live on both sides, e-mailed without its text, with unread counts and an attachment', async () => {
    const track = await openTrackStream(
      baseUrl,
      ctx.app.trackingTokens.issue('stream', s.applicationId),
    );
    const consoleStream = await openEventStream(`${baseUrl}${base()}/stream`, {
      cookie: s.consultant.cookie,
    });
    try {
      await track.next();
      await consoleStream.next();
      const sent = await call('POST', `${base()}/messages`, staff(), {
        body: 'Could you confirm your start date? Secret words',
      });
      expect(sent.statusCode, sent.body).toBe(204);
      for (const stream of [track, consoleStream]) {
        const view = JSON.parse((await stream.next()).data) as ApplicationView;
        expect(view.casework.messages.at(-1)).toMatchObject({
          fromTeam: true,
          body: 'Could you confirm your start date? Secret words',
        });
        // the applicant's page words the byline in its reader's language from these facts
        if (stream === track)
          expect(view.casework.messages.at(-1)!.byline).toEqual({
            kind: 'team',
            name: expect.any(String),
          });
      }
      const mail = await waitForMail(ctx.app, s.applicant.user.email, /new message/);
      expect(mail.text).not.toContain('Secret words');
      expect((await applicantView()).casework.unreadMessages).toBe(1);

      const reply = await upload(
        `${mine()}/messages`,
        {
          key: 'attachment',
          ...fixture('transcript.pdf'),
          filename: 'offer.pdf',
          contentType: 'application/pdf',
        },
        { token: tokenFor(s.applicationId) },
        { body: 'Yes, September' },
      );
      expect(reply.statusCode, reply.body).toBe(201);
      const view = reply.json<ApplicationView>();
      expect(view.casework.unreadMessages).toBe(0);
      const last = view.casework.messages.at(-1)!;
      expect(last).toMatchObject({
        fromTeam: false,
        author: 'You',
        byline: { kind: 'you' },
        body: 'Yes, September',
        attachment: { fileName: 'offer.pdf' },
      });
      for (const stream of [track, consoleStream]) {
        let seen: ApplicationView;
        do seen = JSON.parse((await stream.next()).data) as ApplicationView;
        while (seen.casework.messages.length < 2);
      }
      expect((await detail()).casework.unreadMessages).toBe(1);
      expect((await call('POST', `${base()}/messages/read`, staff())).statusCode).toBe(204);
      expect((await detail()).casework.unreadMessages).toBe(0);
      await waitForMail(ctx.app, ctx.app.site.teamNoticesTo, /New message from an applicant/);
      const teamMail = (await mailTo(ctx.app, ctx.app.site.teamNoticesTo)).find((m) =>
        /New message/.test(m.subject),
      )!;
      expect(teamMail.text).not.toContain('September');

      const asStaff = await call('GET', last.attachment!.url, staff());
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
      expect(
        (await call('GET', last.attachment!.url, { token: tokenFor(s.applicationId) })).statusCode,
      ).toBe(200);
      const other = await createApplicantWithApplication(ctx.app);
      expect(
        (await call('GET', last.attachment!.url, { token: tokenFor(other.applicationId) }))
          .statusCode,
      ).toBe(404);
    } finally {
      track.close();
      consoleStream.close();
    }
  });

  it('refuses an attachment that fails the upload checks', async () => {
    const res = await upload(
      `${mine()}/messages`,
      { key: 'attachment', ...fixture('not-a-pdf.pdf'), contentType: 'application/pdf' },
      { cookie: s.applicant.cookie },
      { body: 'see file' },
    );
    expect(res.statusCode).toBe(415);
    expect((await applicantView()).casework.messages).toEqual([]);
  });
});

describe('the queue counts (kept a few seconds per filter)', () => {
  it('are right straight after each change: a request, an answer, an owner, a status move', async () => {
    const queue = async (filters = '') =>
      (await call('GET', `/api/staff/applications?${filters}`, staff())).json<QueuePage>();
    const before = await queue();
    const unassigned = (await queue('owner=none')).total;
    expect((await queue()).flagCounts).toEqual(before.flagCounts); // read twice: the second is the kept one

    const requestId = await ask({
      kind: 'information',
      message: 'Which intake?',
      dueOn: isoDay(3),
    });
    expect((await queue()).flagCounts.actionRequired).toBe(before.flagCounts.actionRequired + 1);
    await call(
      'POST',
      `${mine()}/requests/${requestId}/answer`,
      { cookie: s.applicant.cookie },
      { text: 'September' },
    );
    expect((await queue()).flagCounts.actionRequired).toBe(before.flagCounts.actionRequired);

    expect(
      (
        await call('PUT', `${base()}/owner`, staff(), {
          from: null,
          ownerId: s.consultant.user.id,
        })
      ).statusCode,
    ).toBe(204);
    expect((await queue('owner=none')).total).toBe(unassigned - 1);
    expect((await queue('owner=me')).statusCounts.submitted).toBeGreaterThanOrEqual(1);

    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(200);
    const after = await queue();
    expect(after.statusCounts.submitted).toBe(before.statusCounts.submitted - 1);
    expect(after.statusCounts.reviewed).toBe(before.statusCounts.reviewed + 1);
    expect(after.total).toBe(before.total);
  });
});

describe('owners and time', () => {
  it('assignment rules: a consultant takes an unassigned case only, for themself; an admin assigns anyone on the team', async () => {
    const other = await createStaff(ctx.app, 'consultant', 'Omar Other');
    const admin = await createStaff(ctx.app, 'admin');
    const owner = (ownerId: string | null, caller: Caller, from: string | null) =>
      call('PUT', `${base()}/owner`, caller, { from, ownerId });
    expect((await owner(other.user.id, staff(), null)).statusCode).toBe(403);
    expect((await owner(s.consultant.user.id, staff(), null)).statusCode).toBe(204);
    expect((await detail()).casework.owner).toMatchObject({ id: s.consultant.user.id });
    const me = s.consultant.user.id;
    // another consultant who saw it unassigned: someone took it meanwhile (issue 25 §2)
    const late = await owner(other.user.id, { cookie: other.cookie }, null);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'OWNER_CHANGED_MEANWHILE',
      current: { ownerId: me, ownerName: 'Cora Consultant' },
    });
    expect((await owner(other.user.id, { cookie: other.cookie }, me)).json().error.code).toBe(
      'CASE_TAKEN',
    );
    expect((await owner(null, { cookie: other.cookie }, me)).statusCode).toBe(403);
    expect((await owner(s.applicant.user.id, { cookie: admin.cookie }, me)).statusCode).toBe(400);
    // an admin who saw it unassigned does not silently move it away from its owner
    expect((await owner(other.user.id, { cookie: admin.cookie }, null)).statusCode).toBe(409);
    expect((await detail()).casework.owner).toMatchObject({ id: me });
    expect((await owner(other.user.id, { cookie: admin.cookie }, me)).statusCode).toBe(204);
    const mineOnly = (
      await call('GET', `/api/staff/applications?q=${s.applicationId}&owner=me`, {
        cookie: other.cookie,
      })
    ).json<QueuePage>();
    expect(mineOnly.items.map((i) => i.id)).toEqual([s.applicationId]);
    expect(
      (
        await call('GET', `/api/staff/applications?q=${s.applicationId}&owner=me`, staff())
      ).json<QueuePage>().items,
    ).toEqual([]);
    expect(
      (
        await call('GET', `/api/staff/applications?q=${s.applicationId}&owner=none`, staff())
      ).json<QueuePage>().items,
    ).toEqual([]);
  });

  it('late cases with a fake clock: flagged and counted in the queue, listed in the owner’s daily e-mail; the applicant sees the usual time', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    expect(
      (await call('PUT', '/api/staff/stage-times', staff(), { submitted: 3 })).statusCode,
    ).toBe(403);
    const set = await call(
      'PUT',
      '/api/staff/stage-times',
      { cookie: admin.cookie },
      { submitted: 3, reviewed: 5 },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((await applicantView()).casework.stageWorkingDays).toBe(3);
    await call('PUT', `${base()}/owner`, staff(), { from: null, ownerId: s.consultant.user.id });
    const only = `q=${s.applicationId}`;
    expect(
      (await call('GET', `/api/staff/applications?${only}&late=1`, staff())).json<QueuePage>()
        .items,
    ).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 6 * 86_400_000)); // 6 days on: at least 4 working days
    const late = (
      await call('GET', `/api/staff/applications?${only}&late=1`, staff())
    ).json<QueuePage>();
    expect(late.items).toEqual([expect.objectContaining({ id: s.applicationId, late: true })]);
    expect(
      (await call('GET', `/api/staff/applications?${only}`, staff())).json<QueuePage>().flagCounts
        .late,
    ).toBe(1);
    expect((await detail()).casework.late).toBe(true);

    expect(await sendLateDigests(ctx.app)).toBeGreaterThanOrEqual(1);
    const digest = await waitForMail(ctx.app, s.consultant.user.email, /cases? (is|are) late/);
    expect(digest.text).toContain(s.applicationId);

    // a status move starts the next stage's clock
    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(200);
    expect((await detail()).casework.late).toBe(false);
    await call('PUT', '/api/staff/stage-times', { cookie: admin.cookie }, {});
  });
});

describe('outcomes and the steps after an offer', () => {
  it('the applicant withdraws (with confirmation): final, shown apart, nothing more is accepted', async () => {
    const unconfirmed = await call(
      'POST',
      `${mine()}/withdraw`,
      { cookie: s.applicant.cookie },
      {},
    );
    expect(unconfirmed.statusCode).toBe(400);
    const res = await call(
      'POST',
      `${mine()}/withdraw`,
      { token: tokenFor(s.applicationId) },
      { confirm: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ApplicationView>()).toMatchObject({
      status: 'submitted',
      casework: { outcome: { kind: 'withdrawn' } },
    });
    expect((await move({ from: 'submitted', to: 'reviewed' })).statusCode).toBe(409);
    expect(
      (await call('POST', `${mine()}/messages`, { cookie: s.applicant.cookie }, { body: 'hello' }))
        .statusCode,
    ).toBe(409);
  });

  it.each([
    [
      'withdrawn',
      () => call('POST', `${mine()}/withdraw`, { cookie: s.applicant.cookie }, { confirm: true }),
    ],
    [
      'unsuccessful',
      () => call('POST', `${base()}/close`, staff(), { reason: 'The course is full' }),
    ],
  ] as const)(
    'a message with an attachment on a %s application: a clear 409, nothing stored',
    async (_outcome, close) => {
      expect((await close()).statusCode).toBeLessThan(300);
      const before = await storedState(ctx.app);
      const attachment = {
        key: 'attachment',
        ...fixture('transcript.pdf'),
        filename: 'late.pdf',
        contentType: 'application/pdf',
      };
      for (const caller of [{ cookie: s.applicant.cookie }, { token: tokenFor(s.applicationId) }]) {
        const res = await upload(`${mine()}/messages`, attachment, caller, {
          body: 'one more file',
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.message).toMatch(/closed|withdrawn|unsuccessful/i);
      }
      const asStaff = await upload(`${base()}/messages`, attachment, staff(), {
        body: 'from the team',
      });
      expect(asStaff.statusCode, asStaff.body).toBe(409);
      expect(await storedState(ctx.app)).toEqual(before);
      expect((await applicantView()).casework.messages).toEqual([]);
    },
  );

  it('staff close as unsuccessful with a reason', async () => {
    expect((await call('POST', `${base()}/close`, staff(), {})).statusCode).toBe(400);
    expect(
      (await call('POST', `${base()}/close`, staff(), { reason: 'The course is full' })).statusCode,
    ).toBe(204);
    expect((await applicantView()).casework.outcome).toMatchObject({
      kind: 'unsuccessful',
      reason: 'The course is full',
    });
  });

  it('offered: the checklist, set by staff and by the applicant as fits, with what comes next and what it costs', async () => {
    const early = await call(
      'PATCH',
      `${base()}/after-offer`,
      staff(),
      await steps({
        offerType: 'conditional',
      }),
    );
    expect(early.statusCode).toBe(409);
    await advanceTo('offered');
    expect(
      (
        await call(
          'PATCH',
          `${base()}/after-offer`,
          staff(),
          await steps({
            offerType: 'conditional',
            conditions: 'IELTS 7.0',
          }),
        )
      ).statusCode,
    ).toBe(204);
    const badCas = await call(
      'PATCH',
      `${base()}/after-offer`,
      staff(),
      await steps({ casNumber: 'E4G1234' }),
    );
    expect(badCas.json().error.fields.casNumber).toBe('A CAS number is 14 letters and digits');
    expect(
      (
        await call(
          'PATCH',
          `${base()}/after-offer`,
          staff(),
          await steps({ casNumber: 'e4g 1234 5678 ab' }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'PATCH',
          `${base()}/after-offer`,
          staff(),
          await steps({
            casNumber: 'e4g1 2345 678A BC',
            casIssuedOn: isoDay(0),
          }),
        )
      ).statusCode,
    ).toBe(204);
    // issue 24: the CAS the team records e-mails the student, once, in the application's language
    const cas = await waitForMail(ctx.app, s.applicant.user.email, /Your CAS has been issued/);
    expect(cas.text).toContain('Your CAS was issued on');
    expect(cas.text).not.toContain('E4G12345678ABC');
    const applicantSetsCas = await call(
      'PATCH',
      `${mine()}/after-offer`,
      { cookie: s.applicant.cookie },
      await steps({ casNumber: 'E4G12345678ABC' }),
    );
    expect(applicantSetsCas.statusCode).toBe(400);
    const res = await call(
      'PATCH',
      `${mine()}/after-offer`,
      { token: tokenFor(s.applicationId) },
      await steps({ depositAmountGbp: 3000, depositPaidOn: isoDay(0) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<ApplicationView>().casework.afterOffer!;
    expect(after.values).toMatchObject({
      casNumber: 'E4G12345678ABC',
      depositAmountGbp: 3000,
      offerType: 'conditional',
    });
    expect(after.steps.find((st) => st.key === 'deposit')).toMatchObject({ done: true });
    // the student's own step sends them nothing; the visa the team records does
    expect(
      (
        await call(
          'PATCH',
          `${base()}/after-offer`,
          staff(),
          await steps({
            visaDecision: 'granted',
            visaDecidedOn: isoDay(0),
          }),
        )
      ).statusCode,
    ).toBe(204);
    await waitForMail(ctx.app, s.applicant.user.email, /Your visa has been granted/);
    const mails = (await mailTo(ctx.app, s.applicant.user.email)).map((m) => m.subject);
    expect(mails.filter((m) => m === 'Your CAS has been issued')).toHaveLength(1);
    expect(mails.filter((m) => m === 'A new step after your offer')).toHaveLength(0);
    expect(after.next).toBe('Conditions met');
    expect(after.costs.map((c) => c.label)).toEqual(
      expect.arrayContaining(['Tuition', 'Student visa fee']),
    );
  });
  it('a save based on an older version of the steps gets 409 with the steps as they are now, and nobody blanks a step they did not change (issue 25 §2)', async () => {
    await advanceTo('offered');
    // the student opens their page, then the consultant records the deposit
    const seen = (await applicantView()).casework.afterOffer!.version;
    const deposit = { depositAmountGbp: 2000, depositPaidOn: isoDay(-1) };
    expect(
      (await call('PATCH', `${base()}/after-offer`, staff(), { version: seen, ...deposit }))
        .statusCode,
    ).toBe(204);
    // the student's save of their TB test and visa dates, based on what they saw before
    const own = { tbTestOn: isoDay(0), visaAppliedOn: isoDay(0) };
    const applicant = { cookie: s.applicant.cookie };
    const stale = await call('PATCH', `${mine()}/after-offer`, applicant, {
      version: seen,
      ...own,
    });
    expect(stale.statusCode).toBe(409);
    const { error } = stale.json();
    expect(error).toMatchObject({
      code: 'AFTER_OFFER_CHANGED_MEANWHILE',
      current: {
        version: seen + 1,
        values: deposit,
        edits: { depositAmountGbp: { by: 'team', name: s.consultant.user.name } },
      },
    });
    expect((await applicantView()).casework.afterOffer!.values).toEqual(deposit);
    // saved again on the current version: the student's two steps, the deposit kept
    const again = await call('PATCH', `${mine()}/after-offer`, applicant, {
      version: error.current.version,
      ...own,
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = again.json<ApplicationView>().casework.afterOffer!;
    expect(after.values).toEqual({ ...deposit, ...own });
    expect(after.version).toBe(seen + 2);
    expect(after.edits.tbTestOn).toMatchObject({ by: 'student' });
    expect(after.edits.depositPaidOn).toMatchObject({ by: 'team' });
    // a replay of the same save is stale now: 409, nothing changes
    expect(
      (await call('PATCH', `${mine()}/after-offer`, applicant, { version: seen + 1, ...own }))
        .statusCode,
    ).toBe(409);
    // a version that is not one, or none: 400 with its code
    for (const version of [undefined, 0, -1, 1.5, '3', null, 2 ** 40, { v: 1 }]) {
      const res = await call('PATCH', `${mine()}/after-offer`, applicant, { version, ...own });
      expect(res.statusCode, JSON.stringify(version)).toBe(400);
      expect(res.json().error.issues.version.code).toBe('VERSION_REQUIRED');
    }
    expect(
      (await call('PATCH', `${mine()}/after-offer`, applicant, { version: seen + 2 })).json().error
        .code,
    ).toBe('VALIDATION_FAILED');
    expect((await applicantView()).casework.afterOffer!.version).toBe(seen + 2);
  });
});

describe('who may use the new routes', () => {
  it('every applicant route refuses a signed-out visitor (401), another applicant and another application’s tracking token (404)', async () => {
    const requestId = await ask({ kind: 'information', message: 'x', dueOn: isoDay(7) });
    const other = await createApplicantWithApplication(ctx.app);
    const routes: [method: 'POST' | 'PATCH' | 'GET', url: string, body?: object][] = [
      ['POST', `${mine()}/requests/${requestId}/answer`, { text: 'an answer' }],
      ['POST', `${mine()}/messages`, { body: 'hello' }],
      ['POST', `${mine()}/messages/read`],
      ['GET', `${mine()}/messages/${randomUUID()}/attachment`],
      ['POST', `${mine()}/withdraw`, { confirm: true }],
      ['PATCH', `${mine()}/after-offer`, { arrivalDate: isoDay(30) }],
    ];
    const refusals = [
      [{}, 401],
      [{ cookie: other.applicant.cookie }, 404],
      [{ token: tokenFor(other.applicationId) }, 404],
    ] as const;
    for (const [method, url, body] of routes) {
      for (const [caller, status] of refusals) {
        const res = await call(method, url, caller, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(caller)}`).toBe(status);
      }
    }
    const view = await applicantView();
    expect(view.casework).toMatchObject({
      outcome: null,
      messages: [],
      requests: [expect.objectContaining({ open: true })],
    });
  });

  it('every staff route refuses a signed-out visitor, an applicant and a tracking token', async () => {
    const requestId = await ask({ kind: 'information', message: 'x', dueOn: isoDay(7) });
    const routes: [method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, body?: object][] = [
      ['POST', `${base()}/requests`, { kind: 'information', message: 'x', dueOn: isoDay(7) }],
      ['POST', `${base()}/requests/${requestId}/cancel`],
      ['POST', `${base()}/messages`, { body: 'hello' }],
      ['POST', `${base()}/messages/read`],
      ['PUT', `${base()}/owner`, { from: null, ownerId: null }],
      ['GET', '/api/staff/assignable'],
      ['GET', '/api/staff/stage-times'],
      ['PUT', '/api/staff/stage-times', { submitted: 2 }],
      ['POST', `${base()}/close`, { reason: 'x' }],
      ['PATCH', `${base()}/after-offer`, { arrivalDate: isoDay(30) }],
    ];
    for (const [method, url, body] of routes) {
      for (const caller of [
        {},
        { cookie: s.applicant.cookie },
        { token: tokenFor(s.applicationId) },
      ]) {
        const res = await call(method, url, caller, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(caller)}`).toBe(
          'cookie' in caller ? 403 : 401,
        );
      }
    }
    expect((await detail()).casework.requests[0]!.open).toBe(true);
  });
});
