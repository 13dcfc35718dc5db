import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationChoices,
  applicationDocuments,
  applications,
  applicationStatusEvents,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicationFields,
  fixture,
  sampleProgram,
  samplePicks,
  submitApplication,
} from '../../../tests/factories/application.ts';
import { countApplicationRows, storedState } from '../../../tests/factories/application-storage.ts';
import { linkIn, waitForMail } from '../../../tests/factories/user-mail.ts';

const ctx = useTestApp();

function isoDay(offsetDays: number, offsetYears = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + offsetYears);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function expectRefused(overrides: Record<string, string | string[]>, field: string) {
  const before = await countApplicationRows(ctx.app);
  const res = await submitApplication(ctx.app, createApplicationFields(overrides));
  expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
  const body = res.json();
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.error.fields), JSON.stringify(overrides)).toContain(field);
  expect(await countApplicationRows(ctx.app)).toEqual(before);
  return body.error.fields[field] as string;
}

describe('POST /api/applications', () => {
  it('creates one application with its first status entry and its documents, and answers { id }', async () => {
    const fields = createApplicationFields({ passportNumber: 'a1234 5678' });
    const res = await submitApplication(ctx.app, fields, {
      files: [
        { key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' },
        { key: 'passportCopy', ...fixture('passport.png') },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    expect(Object.keys(res.json())).toEqual(['id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, id));
    // normalised, then encrypted at rest (finding 14)
    expect(ctx.app.fieldCipher.decrypt(row!.passportNumber)).toBe('A12345678');
    expect(row!.passportNumber).not.toContain('A12345678');
    expect(row).toMatchObject({
      status: 'submitted',
      fullName: 'Amina Yusuf',
      passportHint: '5678',
      phone: '+2348031234567',
      hasCertification: false,
      plannedTestDate: null,
      programId: sampleProgram.id,
      programName: sampleProgram.name,
      programLevel: sampleProgram.level,
      universityId: sampleProgram.universityId,
      pickedUniversityIds: samplePicks,
      userId: null,
    });
    const events = await ctx.app.db
      .select()
      .from(applicationStatusEvents)
      .where(eq(applicationStatusEvents.applicationId, id));
    expect(events.map((e) => [e.status, e.fromStatus])).toEqual([['submitted', null]]);
    // D18: one choice per university, the program's first, none sent yet
    const choices = await ctx.app.db
      .select()
      .from(applicationChoices)
      .where(eq(applicationChoices.applicationId, id))
      .orderBy(asc(applicationChoices.position));
    expect(choices.map((c) => [c.position, c.universityId, c.programId, c.sentOn])).toEqual([
      [1, sampleProgram.universityId, sampleProgram.id, null],
      ...samplePicks
        .filter((u) => u !== sampleProgram.universityId)
        .map((u, i) => [i + 2, u, null, null]),
    ]);

    const docs = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id))
      .orderBy(asc(applicationDocuments.key));
    expect(docs.map((d) => [d.key, d.contentType, d.originalName])).toEqual([
      ['passportCopy', 'image/png', 'passport.png'],
      ['transcripts', 'application/pdf', 'transcript.pdf'],
    ]);
    for (const doc of docs) {
      // server-generated name, never the applicant's
      expect(doc.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const onDisk = await readFile(path.join(ctx.app.config.uploads.dir, doc.storageKey));
      expect(onDisk.length).toBe(doc.size);
      expect(createHash('sha256').update(onDisk).digest('hex')).toBe(doc.sha256);
    }
  });

  it('e-mails a confirmation whose tracking link carries a signed token in the fragment, never the e-mail', async () => {
    const fields = createApplicationFields();
    const { id } = (await submitApplication(ctx.app, fields)).json() as { id: string };
    const mail = await waitForMail(ctx.app, fields.email as string, /received your application/i);
    expect(mail.text).toContain(id);
    const link = linkIn(mail, ctx.app.config.publicUrl);
    expect(link).toMatch(/\/track#t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(link).not.toContain('@');
    const token = link.split('#t=')[1]!;
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      payload: { token },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().application.id).toBe(id);
  });

  it('refuses each missing required field, naming it', async () => {
    for (const field of [
      'fullName',
      'dateOfBirth',
      'email',
      'phone',
      'passportNumber',
      'nationality',
      'residencyCountry',
      'englishLevel',
      'programId',
      'universityId',
    ]) {
      const message = await expectRefused({ [field]: '' }, field);
      expect(message, field).toMatch(/required|Choose a program/);
      const fields = createApplicationFields();
      delete fields[field];
      const res = await submitApplication(ctx.app, fields);
      expect(res.statusCode, `${field} absent`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });

  it('refuses a bad e-mail, phone, passport number, country and English level', async () => {
    expect(await expectRefused({ email: 'not-an-email' }, 'email')).toMatch(/valid email/);
    expect(await expectRefused({ email: 'a@b' }, 'email')).toMatch(/valid email/);
    expect(await expectRefused({ phone: '12' }, 'phone')).toMatch(/country code/);
    expect(await expectRefused({ passportNumber: 'AB!' }, 'passportNumber')).toMatch(/5 to 20/);
    expect(await expectRefused({ nationality: 'Narnia' }, 'nationality')).toMatch(/from the list/);
    expect(await expectRefused({ residencyCountry: 'XX' }, 'residencyCountry')).toMatch(
      /from the list/,
    );
    expect(await expectRefused({ englishLevel: 'fluent' }, 'englishLevel')).toMatch(
      /from the list/,
    );
    expect(await expectRefused({ fullName: 'x'.repeat(201) }, 'fullName')).toMatch(/at most 200/);
    expect(await expectRefused({ hasCertification: 'maybe' }, 'hasCertification')).toMatch(
      /yes or no/,
    );
  });

  it('refuses a date of birth in the future, too recent, or not a date', async () => {
    expect(await expectRefused({ dateOfBirth: isoDay(30) }, 'dateOfBirth')).toBe(
      'Date of birth cannot be in the future',
    );
    expect(await expectRefused({ dateOfBirth: isoDay(0, -10) }, 'dateOfBirth')).toMatch(
      /at least 14/,
    );
    expect(await expectRefused({ dateOfBirth: '2001-02-30' }, 'dateOfBirth')).toMatch(/real date/);
    expect(await expectRefused({ dateOfBirth: '23/04/2001' }, 'dateOfBirth')).toMatch(
      /date such as/,
    );
  });

  it('takes an optional planned test date that is not in the past, only without a certification', async () => {
    expect(await expectRefused({ plannedTestDate: isoDay(-5) }, 'plannedTestDate')).toMatch(/past/);
    const ok = await submitApplication(
      ctx.app,
      createApplicationFields({ plannedTestDate: isoDay(20) }),
    );
    expect(ok.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, ok.json().id));
    expect(row!.plannedTestDate).toBe(isoDay(20));

    const withCert = await submitApplication(
      ctx.app,
      createApplicationFields({ hasCertification: 'yes', plannedTestDate: isoDay(20) }),
      { files: [{ key: 'certification', ...fixture('certificate.jpg') }] },
    );
    expect(withCert.statusCode).toBe(201);
    const [certRow] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, withCert.json().id));
    expect(certRow).toMatchObject({ hasCertification: true, plannedTestDate: null });
  });

  it('refuses a certification file when the answer is no, storing nothing', async () => {
    const before = await storedState(ctx.app);
    const res = await submitApplication(
      ctx.app,
      createApplicationFields({ hasCertification: 'no' }),
      {
        files: [{ key: 'certification', ...fixture('certificate.jpg') }],
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('certification');
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('checks the program, its university and the picks against the catalogue', async () => {
    expect(await expectRefused({ programId: 'no-such-program' }, 'programId')).toMatch(
      /not offered/,
    );
    expect(await expectRefused({ universityId: 'university-of-oxford' }, 'universityId')).toMatch(
      /not taught/,
    );
    expect(
      await expectRefused(
        { universityIds: ['university-of-oxford', 'university-of-york', 'atlantis-university'] },
        'universityIds',
      ),
    ).toMatch(/not in our list/);
    // exactly three universities (spec 1 and 9, issue 24): none, one or two are refused
    for (const universityIds of [[], ['university-of-oxford'], samplePicks.slice(0, 2)])
      expect(await expectRefused({ universityIds }, 'universityIds')).toMatch(/exactly 3/);
    await expectRefused({ universityIds: [...samplePicks, 'university-of-york'] }, 'universityIds');
    await expectRefused(
      { universityIds: ['university-of-york', 'university-of-york'] },
      'universityIds',
    );
  });

  it('refuses unknown fields, a body that is not multipart, and a malformed idempotency key', async () => {
    await expectRefused({ status: 'accepted' }, 'status');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: createApplicationFields(),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('MULTIPART_REQUIRED');
    const badKey = await submitApplication(ctx.app, createApplicationFields(), {
      idempotencyKey: 'twice-please',
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('attaches the application to the signed-in user who submits it', async () => {
    const { createUser } = await import('../../../tests/factories/user.ts');
    const { user, cookie } = await createUser(ctx.app);
    const res = await submitApplication(
      ctx.app,
      createApplicationFields({ email: `other-${randomUUID()}@example.test` }),
      {
        cookie,
      },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.id, res.json().id));
    expect(row!.userId).toBe(user.id);
  });
});
