import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DraftContent, DraftView, MyDraft } from '../../../shared/schemas/draft.ts';
import { applicationDrafts } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, sampleProgram } from '../../../tests/factories/application.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { linkIn, waitForMail } from '../../../tests/factories/user-mail.ts';
import { readZip } from '../../../tests/factories/zip.ts';
import { sweepDrafts } from './service.ts';

const t = useTestApp();

const half: DraftContent = {
  values: {
    fullName: 'Amina Yusuf',
    dateOfBirth: '2001-04-23',
    passportNumber: 'A12345678',
    nationality: 'NG',
    hasCertification: 'no',
  },
  choice: { programId: sampleProgram.id, universityIds: [] },
  files: [{ key: 'transcripts', name: 'my transcript.pdf' }],
};

let ip = 0;
const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  options: { cookie?: string; payload?: unknown; raw?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    // a fresh client address each time: the form limits count per address
    remoteAddress: `10.25.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    headers: {
      origin: t.app.config.publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.payload !== undefined
        ? { payload: options.payload as object }
        : {}),
  });

const storedRows = () => t.app.db.select().from(applicationDrafts);
// one app for the file: each test starts with no drafts
beforeEach(async () => {
  await t.app.db.delete(applicationDrafts);
});

describe('the signed-in student’s draft (issue 25 §1)', () => {
  it('saves, gives back and replaces one draft per account, the passport number encrypted, never cached', async () => {
    const student = await createUser(t.app);
    const empty = await call('GET', '/api/me/draft', { cookie: student.cookie });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<MyDraft>()).toEqual({ draft: null });

    const saved = await call('PUT', '/api/me/draft', { cookie: student.cookie, payload: half });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    const back = await call('GET', '/api/me/draft', { cookie: student.cookie });
    expect(back.headers['cache-control']).toBe('no-store');
    const { draft } = back.json<MyDraft>();
    expect(draft).toMatchObject(half);
    expect(Date.parse(draft!.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await storedRows();
    expect(row!.passportNumber).toMatch(/^enc1:/);
    expect(JSON.stringify(row)).not.toContain('A12345678');

    const more = { ...half, values: { ...half.values, phone: '+44 20 7946 0958' } };
    await call('PUT', '/api/me/draft', { cookie: student.cookie, payload: more });
    expect(await storedRows()).toHaveLength(1);
    expect(
      (await call('GET', '/api/me/draft', { cookie: student.cookie })).json<MyDraft>().draft!.values
        .phone,
    ).toBe('+44 20 7946 0958');
  });

  it('answers 401 to a signed-out visitor and shows no one another person’s draft', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    await call('PUT', '/api/me/draft', { cookie: owner.cookie, payload: half });

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, '/api/me/draft', method === 'PUT' ? { payload: half } : {});
      expect(res.statusCode, method).toBe(401);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await call('GET', '/api/me/draft', { cookie: other.cookie })).json<MyDraft>()).toEqual({
      draft: null,
    });
    const notTheirs = await call('DELETE', '/api/me/draft', { cookie: other.cookie });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json<{ error: { code: string } }>().error.code).toBe('DRAFT_NOT_FOUND');
    expect(await storedRows()).toHaveLength(1);
  });

  it('refuses hostile drafts with a 4xx and stores nothing', async () => {
    const student = await createUser(t.app);
    const cookie = student.cookie;
    const cases: [string, { payload?: unknown; raw?: string }, number][] = [
      ['huge body', { raw: JSON.stringify({ ...half, pad: 'x'.repeat(200_000) }) }, 413],
      ['long field', { payload: { ...half, values: { fullName: 'x'.repeat(4_001) } } }, 400],
      [
        'too many fields',
        {
          payload: {
            ...half,
            values: Object.fromEntries(Array.from({ length: 161 }, (_, i) => [`f${i}`, 'x'])),
          },
        },
        400,
      ],
      ['NUL byte', { raw: JSON.stringify(half).replace('Amina', 'Am\\u0000ina') }, 400],
      ['lone surrogate', { raw: JSON.stringify(half).replace('Amina', '\\ud800') }, 400],
      ['wrong type', { payload: { ...half, values: { fullName: 42 } } }, 400],
      ['array body', { payload: [half] }, 400],
      ['not JSON', { raw: '{"values":' }, 400],
      ['unknown key', { payload: { ...half, extra: 1 } }, 400],
      ['bad field name', { payload: { ...half, values: { __proto__x: 'a' } } }, 400],
      [
        'fifty files',
        {
          payload: {
            ...half,
            files: Array.from({ length: 50 }, () => ({ key: 'cv', name: 'cv.pdf' })),
          },
        },
        400,
      ],
      ['unknown document', { payload: { ...half, files: [{ key: 'virus', name: 'a' }] } }, 400],
      [
        'bad program id',
        { payload: { ...half, choice: { programId: '../../etc', universityIds: [] } } },
        400,
      ],
    ];
    for (const [name, body, status] of cases) {
      const res = await call('PUT', '/api/me/draft', { cookie, ...body });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    }
    expect(await storedRows()).toEqual([]);
  });

  it('is deleted when the student submits the application', async () => {
    const student = await createUser(t.app);
    await call('PUT', '/api/me/draft', { cookie: student.cookie, payload: half });
    await createApplication(t.app, { email: student.user.email }, { cookie: student.cookie });
    expect(await storedRows()).toEqual([]);
  });

  it('is in "Download my data" and goes with the account', async () => {
    const student = await createUser(t.app);
    await call('PUT', '/api/me/draft', { cookie: student.cookie, payload: half });
    const exported = await call('POST', '/api/me/data-export', {
      cookie: student.cookie,
      payload: { password: student.password },
    });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(
      (await readZip(exported.rawPayload)).get('data.json')!.toString('utf8'),
    ) as { applicationDrafts: (DraftView & { savedTo: string })[] };
    expect(data.applicationDrafts).toHaveLength(1);
    expect(data.applicationDrafts[0]).toMatchObject({ savedTo: 'account', ...half });

    const deleted = await call('POST', '/api/me/delete-account', {
      cookie: student.cookie,
      payload: { password: student.password, kept: [] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedRows()).toEqual([]);
  });

  it('is deleted 30 days after its last change, not before', async () => {
    const student = await createUser(t.app);
    const other = await createUser(t.app);
    await call('PUT', '/api/me/draft', { cookie: student.cookie, payload: half });
    await call('PUT', '/api/me/draft', { cookie: other.cookie, payload: half });
    await t.app.db
      .update(applicationDrafts)
      .set({ updatedAt: sql`now() - interval '31 days'` })
      .where(eq(applicationDrafts.userId, student.user.id));
    expect(await sweepDrafts(t.app)).toBe(1);
    const left = await storedRows();
    expect(left.map((r) => r.userId)).toEqual([other.user.id]);
    expect(await sweepDrafts(t.app, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(t.app.scheduler.names()).toContain('drafts.sweep');
  });
});

describe('"continue later" for a signed-out student (issue 25 §1)', () => {
  it('e-mails a link with its secret in the fragment; the link opens the draft once sent, and is discarded', async () => {
    const email = uniqueEmail('later');
    const asked = await call('POST', '/api/drafts/continue-later', {
      payload: { email, draft: half },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await waitForMail(t.app, email, /saved for later/);
    const link = linkIn(mail, t.app.config.publicUrl);
    const url = new URL(link);
    expect(url.pathname).toBe('/application');
    expect(url.search).toBe(`?program=${sampleProgram.id}`);
    const token = new URLSearchParams(url.hash.slice(1)).get('draft')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).not.toContain('A12345678');

    const [row] = await storedRows();
    expect(row!.linkHash).not.toBe(token);
    expect(row!.passportNumber).toMatch(/^enc1:/);

    const opened = await call('POST', '/api/drafts/open', { payload: { token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json<DraftView>()).toMatchObject(half);

    const wrong = await call('POST', '/api/drafts/open', { payload: { token: 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(404);
    for (const payload of [{}, { token: 42 }, { token: 'a\u0000'.repeat(20) }, { token: '' }]) {
      expect((await call('POST', '/api/drafts/open', { payload })).statusCode).toBe(400);
    }

    expect((await call('POST', '/api/drafts/discard', { payload: { token } })).statusCode).toBe(
      204,
    );
    expect((await call('POST', '/api/drafts/open', { payload: { token } })).statusCode).toBe(404);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a bad address or draft, and the link drafts of a proven address go with its account', async () => {
    for (const payload of [
      { email: 'not an address', draft: half },
      { email: uniqueEmail(), draft: { ...half, values: { fullName: 7 } } },
      { email: uniqueEmail() },
    ]) {
      const res = await call('POST', '/api/drafts/continue-later', { payload });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await storedRows()).toEqual([]);

    const student = await createUser(t.app);
    await call('POST', '/api/drafts/continue-later', {
      payload: { email: student.user.email.toUpperCase(), draft: half },
    });
    await call('POST', '/api/drafts/continue-later', {
      payload: { email: uniqueEmail(), draft: half },
    });
    expect(await storedRows()).toHaveLength(2);
    const deleted = await call('POST', '/api/me/delete-account', {
      cookie: student.cookie,
      payload: { password: student.password, kept: [] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedRows()).toHaveLength(1);
  });
});
