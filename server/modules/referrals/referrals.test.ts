import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { partnerships, referrals } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createPartnershipInput, createReferralInput } from '../../../tests/factories/referral.ts';
import { errorMessages } from '../../../shared/error-codes.ts';

const ctx = useTestApp();

const endpoints = [
  {
    url: '/api/referrals',
    table: referrals,
    nameField: 'name',
    create: (overrides: Record<string, string> = {}) => createReferralInput(overrides),
    fields: ['name', 'country', 'phone', 'email', 'studentName', 'studyInterest'],
  },
  {
    url: '/api/partnerships',
    table: partnerships,
    nameField: 'contactName',
    create: (overrides: Record<string, string> = {}) => createPartnershipInput(overrides),
    fields: ['contactName', 'businessName', 'country', 'phone', 'email'],
  },
] as const;

describe.each(endpoints)('POST $url', ({ url, table, nameField, create, fields }) => {
  const post = (body: unknown, key: string | null = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: key === null ? {} : { 'idempotency-key': key },
      payload: body as object,
    });
  const rowCount = async () => (await ctx.app.db.select({ n: count() }).from(table))[0]!.n;

  beforeEach(async () => {
    await ctx.app.db.delete(table);
  });

  it('stores a valid request with the phone in E.164 and answers 201 with its id', async () => {
    const body = create({ phone: '+44 20 7946 0958', country: 'GB' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { id, createdAt } = res.json<{ id: string; createdAt: string }>();
    expect(new Date(createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await ctx.app.db.select().from(table).where(eq(table.id, id));
    expect(row).toMatchObject({
      phone: '+442079460958',
      country: 'GB',
      email: body.email,
      status: 'new',
    });
    expect(row![nameField as keyof typeof row]).toBe(body[nameField as keyof typeof body]);
  });

  it('reads a number without its country code in the chosen country', async () => {
    const res = await post(create({ country: 'NG', phone: '0803 123 4567' }));
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.app.db.select().from(table);
    expect(row!.phone).toBe('+2348031234567');
  });

  it.each(fields)(
    'refuses a request without %s, naming the field, and stores nothing',
    async (field) => {
      const body: Record<string, string> = { ...create() };
      delete body[field];
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect(res.json().error.fields[field]).toMatch(/is required$/);
      const blank = await post({ ...create(), [field]: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(Object.keys(blank.json().error.fields)).toEqual([field]);
      expect(await rowCount()).toBe(0);
    },
  );

  it.each([
    ['phone', '+44 1234'],
    ['phone', 'call me maybe'],
    ['phone', '+44 7700 900123'],
    ['email', 'not-an-email'],
    ['email', `${'a'.repeat(250)}@example.com`],
    ['country', 'ZZ'],
    ['country', 'United Kingdom'],
  ])('refuses a bad %s (%s) and stores nothing', async (field, value) => {
    const res = await post(create({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(await rowCount()).toBe(0);
  });

  it('refuses a 10,000-character name, naming the field', async () => {
    const res = await post(create({ [nameField]: 'x'.repeat(10_000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      [nameField]: expect.stringMatching(/at most 200 characters/),
    });
    expect(res.json().error.message).toContain(nameField);
    expect(await rowCount()).toBe(0);
  });

  it('refuses wrong types and unknown fields', async () => {
    expect((await post({ ...create(), email: 42 })).json().error.fields).toHaveProperty('email');
    expect((await post({ ...create(), admin: true })).json().error.fields).toHaveProperty('admin');
    expect((await post(['a list'])).statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
  });

  it('stores a replayed request once and answers the replay with the same id', async () => {
    const body = create();
    const key = randomUUID();
    const first = await post(body, key);
    const [second, third] = await Promise.all([post(body, key), post(body, key)]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(third.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(third.json().id).toBe(first.json().id);
    expect(await rowCount()).toBe(1);
  });

  it('stores a double click sent at the same moment once', async () => {
    const body = create();
    const key = randomUUID();
    const answers = await Promise.all([post(body, key), post(body, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await rowCount()).toBe(1);
  });

  it('refuses a key reused for different details', async () => {
    const key = randomUUID();
    expect((await post(create(), key)).statusCode).toBe(201);
    const reused = await post(create({ email: 'someone-else@example.com' }), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rowCount()).toBe(1);
  });

  it('requires an Idempotency-Key header that is a UUID', async () => {
    for (const key of [null, '', 'abc', '12345678-1234-1234-1234-1234567890123']) {
      const res = await post(create(), key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().error.fields, String(key)).toHaveProperty('Idempotency-Key');
    }
    expect(await rowCount()).toBe(0);
  });
});

describe('a referral names the student referred (item 13 of issue 15)', () => {
  const post = (body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { 'idempotency-key': randomUUID() },
      payload: body as object,
    });

  it('stores the student beside the referrer: name, e-mail or phone (read in the chosen country), what they want to study', async () => {
    const body = createReferralInput({
      country: 'NG',
      studentEmail: '',
      studentPhone: '0803 765 4321',
      studyInterest: 'BSc Computer Science',
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.app.db.select().from(referrals).where(eq(referrals.id, res.json().id));
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      studentName: 'Chidi Eze',
      studentEmail: null,
      studentPhone: '+2348037654321',
      studyInterest: 'BSc Computer Science',
    });
  });

  it('needs an e-mail or a phone for the student, and says so on the e-mail field', async () => {
    const res = await post(createReferralInput({ studentEmail: '', studentPhone: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      studentEmail: errorMessages.STUDENT_CONTACT_MISSING,
    });
    expect(res.json().error.issues).toEqual({ studentEmail: { code: 'STUDENT_CONTACT_MISSING' } });
    const bad = await post(createReferralInput({ studentEmail: 'nope' }));
    expect(Object.keys(bad.json().error.fields)).toEqual(['studentEmail']);
  });
});
