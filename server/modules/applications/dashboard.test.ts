import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { applications, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { createUser, signInAs, uniqueEmail } from '../../../tests/factories/user.ts';

const ctx = useTestApp();

function get(url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('GET /api/me/applications', () => {
  it('needs a signed-in user', async () => {
    const res = await get('/api/me/applications');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lists the user’s own applications only, newest first, in the dashboard shape', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const { cookie: otherCookie } = await createUser(ctx.app);
    const first = await createApplication(ctx.app, {}, { cookie, files: [{ key: 'passportCopy', ...fixture('passport.png') }] });
    const second = await createApplication(ctx.app, { fullName: 'Amina Y. Yusuf' }, { cookie });
    await createApplication(ctx.app, {}, { cookie: otherCookie });

    const res = await get('/api/me/applications', cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as ApplicationView[];
    expect(list.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({
      userId: user.id,
      status: 'submitted',
      personalInfo: { fullName: 'Amina Yusuf' },
      academicInfo: { studyLevel: 'Masters', selectedUniversities: expect.arrayContaining(['University of Oxford']) },
      statusUpdates: [{ status: 'submitted', note: null }],
      documents: [{ key: 'passportCopy', label: 'Passport Copy', url: `/api/applications/${first.id}/documents/passportCopy` }],
    });
    expect(list[1]!.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });
});

describe('GET /api/applications/:id', () => {
  it('answers the owner, and the same 404 to anyone else', async () => {
    const { cookie } = await createUser(ctx.app);
    const { cookie: otherCookie } = await createUser(ctx.app);
    const { id } = await createApplication(ctx.app, {}, { cookie });
    expect((await get(`/api/applications/${id}`, cookie)).json().id).toBe(id);
    const other = await get(`/api/applications/${id}`, otherCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('APPLICATION_NOT_FOUND');
    expect((await get(`/api/applications/${randomUUID()}`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/applications/not-a-uuid`, cookie)).statusCode).toBe(400);
    expect((await get(`/api/applications/${id}`)).statusCode).toBe(401);
  });
});

describe('applications submitted signed out (D2)', () => {
  it('join the account when its owner signs in with the same confirmed e-mail', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email: email.toUpperCase() });
    const { id: someoneElses } = await createApplication(ctx.app);
    const { user, cookie } = await createUser(ctx.app, { email });
    const list = (await get('/api/me/applications', cookie)).json() as ApplicationView[];
    expect(list.map((a) => a.id)).toEqual([id]);
    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.userId).toBe(user.id);
    const [other] = await ctx.app.db.select().from(applications).where(eq(applications.id, someoneElses));
    expect(other!.userId).toBeNull();
  });

  it('stay unattached while the e-mail is not confirmed, and never move from one owner to another', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email });
    const { password } = await createUser(ctx.app, { email, verified: false });
    const [before] = await ctx.app.db.select().from(applications).where(eq(applications.id, id));
    expect(before!.userId).toBeNull();

    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const cookie = await signInAs(ctx.app, email, password);
    expect(((await get('/api/me/applications', cookie)).json() as ApplicationView[]).map((a) => a.id)).toEqual([id]);

    const { cookie: firstOwner } = await createUser(ctx.app);
    const owned = await createApplication(ctx.app, { email }, { cookie: firstOwner });
    await signInAs(ctx.app, email, password);
    const [still] = await ctx.app.db.select().from(applications).where(eq(applications.id, owned.id));
    expect(still!.userId).not.toBeNull();
    expect(((await get('/api/me/applications', firstOwner)).json() as ApplicationView[]).map((a) => a.id)).toEqual([owned.id]);
  });
});
