import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createStaff } from '../../../tests/factories/staff.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { waitForMail } from '../../../tests/factories/user-mail.ts';
import { apiError } from '../../../tests/factories/user-requests.ts';
import { readZip } from '../../../tests/factories/zip.ts';
import { applications, auditLog, mailOutbox } from '../../db/schema/index.ts';
import type { ErasurePreview } from '../../../shared/schemas/personal-data.ts';
import { subjectOfAccount } from './subjects.ts';

/*
 * Finding 10 of issue 22: data rights cover the applications sent signed out with the person's
 * address, and a person without an account is served (by an admin, for a request by e-mail).
 */
const ctx = useTestApp();

const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: ctx.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const dataOf = async (res: { rawPayload: Buffer }) =>
  JSON.parse((await readZip(res.rawPayload)).get('data.json')!.toString('utf8'));

const ids = (list: { id: string }[]) => list.map((a) => a.id).sort();

describe('the account holder’s own data', () => {
  it('covers applications sent signed out with the confirmed address, not another account’s', async () => {
    const person = await createUser(ctx.app);
    const signedIn = await createApplication(
      ctx.app,
      { email: person.user.email },
      { cookie: person.cookie },
    );
    // Sent signed out with the same address, typed in capitals.
    const signedOut = await createApplication(ctx.app, {
      email: person.user.email.toUpperCase(),
      passportNumber: 'P7654321',
    });
    // Another account sent one naming this address: it is that account's (D2).
    const other = await createUser(ctx.app);
    await createApplication(ctx.app, { email: person.user.email }, { cookie: other.cookie });

    const preview = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/erasure-preview',
      headers: { cookie: person.cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    const shown = preview.json() as ErasurePreview;
    expect(shown.applications.map((a) => [a.id, a.sentSignedOut, a.kept]).sort()).toEqual(
      [
        [signedIn.id, false, false],
        [signedOut.id, true, false],
      ].sort(),
    );

    const exported = await post(
      '/api/me/data-export',
      { password: person.password },
      person.cookie,
    );
    expect(exported.statusCode).toBe(200);
    const data = await dataOf(exported);
    expect(ids(data.applications)).toEqual([signedIn.id, signedOut.id].sort());
    expect(data.applications.find((a: { id: string }) => a.id === signedOut.id)).toMatchObject({
      sentSignedOut: true,
      passportNumber: 'P7654321',
    });

    const deleted = await post(
      '/api/me/delete-account',
      { password: person.password, kept: [] },
      person.cookie,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await ctx.app.db
      .select({ id: applications.id, userId: applications.userId })
      .from(applications)
      .where(eq(applications.email, person.user.email));
    // Only the other account's application is left.
    expect(left).toEqual([{ id: expect.any(String), userId: other.user.id }]);
  });

  it('an unconfirmed address proves nothing: its signed-out applications are not the account’s', async () => {
    const person = await createUser(ctx.app);
    const signedOut = await createApplication(ctx.app, { email: person.user.email });
    const unconfirmed = await subjectOfAccount(ctx.app.db, {
      ...person.user,
      emailVerified: false,
    });
    expect(unconfirmed.applications).toEqual([]);
    const confirmed = await subjectOfAccount(ctx.app.db, person.user);
    expect(ids(confirmed.applications)).toEqual([signedOut.id]);
  });
});

describe('a request by e-mail, handled by an admin', () => {
  const verification = 'Replied from the address; gave the application id and date of birth';

  it('serves a person without an account: look up, export, erase; audited without naming them', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const first = await createApplication(ctx.app);
    const email = first.email;
    const second = await createApplication(ctx.app, { email });
    await waitForMail(ctx.app, email, /received/i);

    const lookup = await post('/api/staff/data-requests/lookup', { email }, admin.cookie);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.headers['cache-control']).toBe('no-store');
    const shown = lookup.json() as ErasurePreview;
    expect(shown.hasAccount).toBe(false);
    expect(ids(shown.applications)).toEqual([first.id, second.id].sort());
    expect(shown.applications.every((a) => a.sentSignedOut && !a.kept)).toBe(true);

    const exported = await post(
      '/api/staff/data-requests/export',
      { email: email.toUpperCase(), password: admin.password, verification },
      admin.cookie,
    );
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const data = await dataOf(exported);
    expect(data.account).toBeNull();
    expect(ids(data.applications)).toEqual([first.id, second.id].sort());
    expect(data.messages.length).toBeGreaterThanOrEqual(2);

    const erased = await post(
      '/api/staff/data-requests/erase',
      { email, password: admin.password, verification, kept: [] },
      admin.cookie,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: true, counts: { applications: 2 } });
    expect(
      await ctx.app.db
        .select()
        .from(applications)
        .where(inArray(applications.id, [first.id, second.id])),
    ).toEqual([]);
    const confirmation = await waitForMail(ctx.app, email, /data has been deleted/);
    expect(confirmation.text).toContain('As you asked by e-mail');
    expect(confirmation.text).not.toContain('your account');

    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'personal_data.looked_up',
          'personal_data.exported',
          'personal_data.erased',
        ]),
      );
    const mine = audit.filter((a) => a.actorId === admin.user.id);
    expect(mine.map((a) => a.action).sort()).toEqual([
      'personal_data.erased',
      'personal_data.exported',
      'personal_data.looked_up',
    ]);
    // One keyed hash of the address names the person in every entry; the address itself is nowhere.
    expect(new Set(mine.map((a) => `${a.subjectType}:${a.subjectId}`)).size).toBe(1);
    expect(mine[0]!.subjectType).toBe('person');
    expect(JSON.stringify(mine)).not.toContain(email);
    expect(mine.find((a) => a.action === 'personal_data.erased')!.details).toMatchObject({
      by: 'staff',
      verification,
    });
  });

  it('refuses bad input with a 400 and non-admins with a 403, and changes nothing', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const { email, id } = await createApplication(ctx.app);
    const good = { email, password: admin.password, verification, kept: [] };
    const bad: [string, unknown][] = [
      ['no verification', { ...good, verification: '   ' }],
      ['verification too long', { ...good, verification: 'x'.repeat(501) }],
      ['a NUL in the address', { ...good, email: `a\u0000${email}` }],
      ['a lone surrogate', { ...good, verification: 'checked \ud800' }],
      ['kept not a list', { ...good, kept: 'all' }],
      ['kept not ids', { ...good, kept: ['../../etc'] }],
      ['kept too long', { ...good, kept: Array.from({ length: 201 }, () => id) }],
      ['an address as a list', { ...good, email: [email] }],
      ['a huge address', { ...good, email: `${'a'.repeat(100_000)}@example.test` }],
      ['deep nesting', { ...good, verification: JSON.parse('['.repeat(200) + ']'.repeat(200)) }],
    ];
    for (const [what, payload] of bad) {
      const res = await post('/api/staff/data-requests/erase', payload, admin.cookie);
      expect(res.statusCode, what).toBe(400);
    }
    const lookup = await post('/api/staff/data-requests/lookup', { email: 42 }, admin.cookie);
    expect(lookup.statusCode).toBe(400);
    for (const url of ['lookup', 'export', 'erase']) {
      const res = await post(`/api/staff/data-requests/${url}`, good, consultant.cookie);
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      await ctx.app.db.select().from(applications).where(eq(applications.id, id)),
    ).toHaveLength(1);
    const erasureMails = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your UK Study Portal data has been deleted'));
    expect(erasureMails.filter((m) => m.recipient === email)).toEqual([]);
  });

  it('an address with nothing held gives an empty answer, not a 404', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const res = await post(
      '/api/staff/data-requests/lookup',
      { email: 'nobody-here@example.test' },
      admin.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasAccount: false, applications: [] });
    const wrong = await post(
      '/api/staff/data-requests/export',
      { email: 'nobody-here@example.test', password: 'not mine', verification },
      admin.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(apiError(wrong).fields).toHaveProperty('password');
  });
});
