import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicationFields,
  fixture,
  multipartBody,
} from '../../../tests/factories/application.ts';
import { createStaff } from '../../../tests/factories/staff.ts';
import { mailTo } from '../../../tests/factories/user-mail.ts';
import { applicationMessages, mailOutbox } from '../../db/schema/index.ts';

/** Issue 22 finding 6 (and finding 12's shared bucket): the conversation cannot be used to flood. */
let ctx: TestApp;
let nextClient = 1;
/** Each test speaks from addresses of its own, so the per-client counts start at zero. */
const newClient = () => `198.51.100.${nextClient++}`;

beforeAll(async () => {
  ctx = await createTestApp({
    MESSAGES_PER_APPLICATION: '3',
    MESSAGES_PER_CLIENT: '5',
    STAFF_MESSAGES_PER_ACCOUNT: '4',
    FORMS_RATE_LIMIT_PER_CLIENT: '3',
    MESSAGE_NOTICE_WINDOW_SECONDS: '2',
  });
});
afterAll(async () => ctx?.close());

/** An application sent signed out from `ip`, and its tracking link's token. */
async function submitFrom(ip: string) {
  const { payload, contentType } = multipartBody(createApplicationFields());
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    id: res.statusCode === 201 ? res.json<{ id: string }>().id : '',
  };
}

async function applicationFrom(ip: string) {
  const { status, id } = await submitFrom(ip);
  expect(status).toBe(201);
  return { id, token: ctx.app.trackingTokens.issue('track', id) };
}

/** The applicant's message through the track page (bearer token), as JSON or with an attachment. */
function applicantMessage(
  application: { id: string; token: string },
  ip: string,
  kind: 'json' | 'multipart',
  body = 'When will I hear back?',
) {
  const headers = {
    origin: ctx.app.config.publicUrl,
    authorization: `Bearer ${application.token}`,
  };
  const form =
    kind === 'multipart'
      ? multipartBody({ body }, [
          { key: 'attachment', ...fixture('transcript.pdf'), contentType: 'application/pdf' },
        ])
      : null;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/applications/${application.id}/messages`,
    headers: form ? { ...headers, 'content-type': form.contentType } : headers,
    payload: form ? form.payload : { body },
    remoteAddress: ip,
  });
}

const staffMessage = (applicationId: string, cookie: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/staff/applications/${applicationId}/messages`,
    headers: { origin: ctx.app.config.publicUrl, cookie },
    payload: { body: 'We have your file.' },
    remoteAddress: ip,
  });

const storedMessages = async (applicationId: string) =>
  (
    await ctx.app.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, applicationId))
  ).length;

const teamNotices = (applicationId: string) =>
  ctx.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.groupKey, `team-message:${applicationId}`))
    .orderBy(asc(mailOutbox.createdAt));

describe('the applicant’s messages are limited, JSON or multipart alike', () => {
  it('per application: the fourth message is refused with 429 and a Retry-After, whatever its type', async () => {
    const ip = newClient();
    const application = await applicationFrom(newClient());
    for (const kind of ['json', 'multipart', 'json'] as const)
      expect((await applicantMessage(application, ip, kind)).statusCode).toBe(201);
    for (const kind of ['json', 'multipart'] as const) {
      const refused = await applicantMessage(application, newClient(), kind);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('TOO_MANY_MESSAGES');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await storedMessages(application.id)).toBe(3);
  });

  it('per client: one address writing to many applications is stopped too', async () => {
    const ip = newClient();
    const applications = await Promise.all([1, 2, 3].map(() => applicationFrom(newClient())));
    const statuses: number[] = [];
    for (const application of applications)
      for (const kind of ['json', 'json'] as const)
        statuses.push((await applicantMessage(application, ip, kind)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('staff messages have a bucket of their own (finding 12)', () => {
  it('anonymous forms from the office’s address do not stop a consultant’s messages', async () => {
    const office = newClient();
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push(await submitFrom(office));
    // the anonymous form limit of this address is spent...
    expect(sent.map((s) => s.status)).toEqual([201, 201, 201, 429]);
    const consultant = await createStaff(ctx.app, 'consultant');
    // ...and a consultant at the same address still writes, up to the staff limit per account
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await staffMessage(sent[0]!.id, consultant.cookie, office)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 429]);
  });
});

describe('the team’s e-mails about new messages are grouped per case', () => {
  it('one e-mail at once, then one more for the rest of the window, with their count', async () => {
    const application = await applicationFrom(newClient());
    const aboutThisCase = async () =>
      (await mailTo(ctx.app, ctx.app.site.teamNoticesTo))
        .filter((m) => /new message/i.test(m.subject) && m.text.includes(application.id))
        .map((m) => m.subject);
    const send = async () =>
      expect((await applicantMessage(application, newClient(), 'json')).statusCode).toBe(201);

    await send();
    await expect
      .poll(aboutThisCase, { timeout: 10_000 })
      .toEqual(['New message from an applicant']);
    await send();
    await send();
    // the next two wait together for the window (2 s here) after the first e-mail
    const [first, second] = await teamNotices(application.id);
    expect(second).toMatchObject({ status: 'pending', groupCount: 2 });
    expect(second!.nextAttemptAt.getTime() - first!.sentAt!.getTime()).toBeGreaterThanOrEqual(
      1_900,
    );
    await expect
      .poll(async () => (await aboutThisCase()).sort(), { timeout: 10_000 })
      .toEqual(['2 new messages from an applicant', 'New message from an applicant']);
  });
});

describe('the review’s flood, with the default limits', () => {
  let defaults: TestApp;
  beforeAll(async () => {
    defaults = await createTestApp();
  });
  afterAll(async () => defaults?.close());

  it('30 messages of 4,000 characters from one tracking link: 20 kept, at most 2 team e-mails', async () => {
    const { payload, contentType } = multipartBody(createApplicationFields());
    const submitted = await defaults.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload,
      headers: { 'content-type': contentType },
    });
    const id = submitted.json<{ id: string }>().id;
    const token = defaults.app.trackingTokens.issue('track', id);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await defaults.app.inject({
        method: 'POST',
        url: `/api/applications/${id}/messages`,
        headers: { origin: defaults.app.config.publicUrl, authorization: `Bearer ${token}` },
        payload: { body: 'x'.repeat(4000) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const notices = await defaults.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.groupKey, `team-message:${id}`))
      .orderBy(asc(mailOutbox.createdAt));
    // at most one e-mail at once and one five minutes later, standing for all 20 messages
    expect(notices.length).toBeLessThanOrEqual(2);
    expect(notices.reduce((sum, n) => sum + n.groupCount, 0)).toBe(20);
    const last = notices.at(-1)!;
    expect(last.subject).toBe(`${last.groupCount} new messages from an applicant`);
  });
});
