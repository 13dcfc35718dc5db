import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/applications.ts';
import { createFieldCipher, derivedDataKey, parseDataKeys } from '../../lib/field-cipher.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { reencryptPassports } from '../applications/passport-keys.ts';

const ctx = useTestApp();
const storedPassport = async (id: string) =>
  (
    await ctx.app.db
      .select({ value: applications.passportNumber })
      .from(applications)
      .where(eq(applications.id, id))
  )[0]!.value;

describe('passport numbers at rest (finding 14)', () => {
  it('stores them encrypted, shows staff the masked number, and audits every full view', async () => {
    const { id } = await createApplication(ctx.app, { passportNumber: 'P55512345' });
    const stored = await storedPassport(id);
    expect(stored).not.toContain('P55512345');
    expect(stored).toMatch(/^enc1:derived:/);

    const consultant = await createStaff(ctx.app, 'consultant');
    const admin = await createStaff(ctx.app, 'admin');
    const detail = await staffCall(
      ctx.app,
      { method: 'GET', url: `/api/staff/applications/${id}` },
      consultant.cookie,
    );
    expect(
      detail.json<{ application: { passportNumber: string } }>().application.passportNumber,
    ).toBe('•••••2345');
    expect(detail.body).not.toContain('P55512345');

    const reveal = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${id}/passport` },
      consultant.cookie,
    );
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json()).toEqual({ passportNumber: 'P55512345' });
    expect(reveal.headers['cache-control']).toBe('no-store');
    await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${id}/passport` },
      admin.cookie,
    );
    const audit = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/audit?action=application.passport_viewed' },
      admin.cookie,
    );
    const entries = audit
      .json<{ items: { subjectId: string; actor: { id: string } }[] }>()
      .items.filter((e) => e.subjectId === id);
    expect(entries.map((e) => e.actor.id).sort()).toEqual(
      [consultant.user.id, admin.user.id].sort(),
    );

    const applicant = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/passport`,
    });
    expect(applicant.statusCode).toBe(401);
  });

  it('encrypts numbers stored before encryption, and moves every row to a new key when keys rotate', async () => {
    const { id } = await createApplication(ctx.app, { passportNumber: 'LEGACY9876' });
    await ctx.app.db
      .update(applications)
      .set({ passportNumber: 'LEGACY9876' })
      .where(eq(applications.id, id));
    expect(await reencryptPassports(ctx.app.db, ctx.app.fieldCipher)).toBeGreaterThanOrEqual(1);
    expect(ctx.app.fieldCipher.decrypt(await storedPassport(id))).toBe('LEGACY9876');

    const newKey = parseDataKeys(`k2026:${Buffer.alloc(32, 7).toString('base64')}`)[0]!;
    const old = derivedDataKey(ctx.app.authSecret);
    const rotated = createFieldCipher([newKey, old]);
    const moved = await reencryptPassports(ctx.app.db, rotated);
    expect(moved).toBe(await ctx.app.db.$count(applications));
    expect(await storedPassport(id)).toMatch(/^enc1:k2026:/);
    expect(createFieldCipher([newKey]).decrypt(await storedPassport(id))).toBe('LEGACY9876');
    expect(await reencryptPassports(ctx.app.db, rotated)).toBe(0);
  });

  it('refuses a malformed key list at start', () => {
    expect(() => parseDataKeys('nokey')).toThrow(/id:base64key/);
    expect(() => parseDataKeys(`a:${Buffer.alloc(16).toString('base64')}`)).toThrow(/32 bytes/);
  });
});
