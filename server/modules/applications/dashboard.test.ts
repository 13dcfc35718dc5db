import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { applications, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { createUser, signInAs, uniqueEmail } from '../../../tests/factories/user.ts';
import { linkIn, waitForMail } from '../../../tests/factories/user-mail.ts';

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
    const first = await createApplication(
      ctx.app,
      {},
      { cookie, files: [{ key: 'passportCopy', ...fixture('passport.png') }] },
    );
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
      academicInfo: {
        studyLevel: 'Masters',
        selectedUniversities: expect.arrayContaining(['University of Oxford']),
      },
      statusUpdates: [{ status: 'submitted', note: null }],
      documents: [
        {
          key: 'passportCopy',
          label: 'Passport Copy',
          url: `/api/applications/${first.id}/documents/passportCopy`,
        },
      ],
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

/** The tracking token of the newest e-mail to `email` about its application (confirmation or status). */
async function mailedTrackingToken(email: string): Promise<string> {
  const mail = await waitForMail(ctx.app, email, /application/i);
  const link = linkIn(mail, `${ctx.app.config.publicUrl}/track#t=`);
  return decodeURIComponent(link.slice(link.indexOf('#t=') + 3));
}

const add = (applicationId: string, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/me/applications/add',
    headers: { cookie, origin: ctx.app.config.publicUrl },
    payload: { applicationId },
  });

const ownerOf = async (id: string) =>
  (await ctx.app.db.select().from(applications).where(eq(applications.id, id)))[0]!.userId;

describe('applications submitted signed out (D2: only on proof)', () => {
  it('do not join an account because its e-mail matches, even confirmed (finding 3)', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email });
    // Someone registered the address; the owner clicked the confirmation; they sign in.
    const { cookie } = await createUser(ctx.app, { email });
    expect((await get('/api/me/applications', cookie)).json()).toEqual([]);
    expect(await ownerOf(id)).toBeNull();
  });

  it('join by id when signed in with the confirmed address they were sent with; anything else is the same 404', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email: email.toUpperCase() });
    const { id: someoneElses } = await createApplication(ctx.app);

    const unconfirmed = await createUser(ctx.app, { email: uniqueEmail(), verified: false });
    await ctx.app.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, unconfirmed.user.id));
    const otherCookie = await signInAs(ctx.app, unconfirmed.user.email, unconfirmed.password);
    const { user, cookie } = await createUser(ctx.app, { email });

    for (const [appId, who] of [
      [someoneElses, cookie],
      [randomUUID(), cookie],
      [id, otherCookie],
    ] as const) {
      const res = await add(appId, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('APPLICATION_NOT_FOUND');
    }
    expect((await add('not-an-id', cookie)).statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/me/applications/add',
          headers: { origin: ctx.app.config.publicUrl },
          payload: { applicationId: id },
        })
      ).statusCode,
    ).toBe(401);

    const res = await add(id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, userId: user.id });
    expect(
      ((await get('/api/me/applications', cookie)).json() as ApplicationView[]).map((a) => a.id),
    ).toEqual([id]);
    expect(await ownerOf(someoneElses)).toBeNull();
    // Once owned, it never moves: not even to the same address's holder asking again.
    expect((await add(id, cookie)).statusCode).toBe(200);
  });

  it('need a confirmed address to join by id', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email });
    const { password } = await createUser(ctx.app, { email, verified: false });
    // A session made while confirmed, then the flag cleared (an unconfirmed account cannot sign in).
    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const cookie = await signInAs(ctx.app, email, password);
    await ctx.app.db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
    expect((await add(id, cookie)).statusCode).toBe(404);
    expect(await ownerOf(id)).toBeNull();
  });

  it('join when the e-mailed tracking link is opened while signed in, and never move from one owner to another', async () => {
    const email = uniqueEmail();
    const { id } = await createApplication(ctx.app, { email });
    const mailed = await mailedTrackingToken(email);
    // The holder of the link may sign in with any account: the inbox is the proof.
    const { user, cookie } = await createUser(ctx.app);

    // A token got by typing id + e-mail on /track proves nothing about the inbox.
    const typed = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/track',
        payload: { applicationId: id, email },
      })
    ).json().token as string;
    const viaTyped = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      headers: { cookie },
      payload: { token: typed },
    });
    expect(viaTyped.statusCode).toBe(200);
    expect(viaTyped.json().addedToAccount).toBeUndefined();
    expect(await ownerOf(id)).toBeNull();

    // Signed out, the link only tracks.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/track/token',
          payload: { token: mailed },
        })
      ).json().addedToAccount,
    ).toBeUndefined();
    expect(await ownerOf(id)).toBeNull();

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      headers: { cookie },
      payload: { token: mailed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().addedToAccount).toBe(true);
    expect(await ownerOf(id)).toBe(user.id);
    expect(
      ((await get('/api/me/applications', cookie)).json() as ApplicationView[]).map((a) => a.id),
    ).toEqual([id]);

    const { cookie: later } = await createUser(ctx.app);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      headers: { cookie: later },
      payload: { token: mailed },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().addedToAccount).toBeUndefined();
    expect(await ownerOf(id)).toBe(user.id);
  });
});
