import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createStaff, staffCall } from '../../tests/factories/staff.ts';
import { createUser, signInAs } from '../../tests/factories/user.ts';

/*
 * ASVS 5.0 7.4.2: when an account is disabled or deleted, every way it was signed in ends at once:
 * the session on each device and the tokens issued to API clients from them.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000' });

async function apiToken(cookie: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

/** What each way in reads now: two browsers' cookies and an API client's token. */
async function reads(ways: { cookies: string[]; token: string }) {
  const statuses: number[] = [];
  for (const cookie of ways.cookies)
    statuses.push(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/applications', headers: { cookie } }))
        .statusCode,
    );
  statuses.push(
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/me/applications',
        headers: { authorization: `Bearer ${ways.token}` },
      })
    ).statusCode,
  );
  return statuses;
}

async function signedInTwiceWithToken(person: {
  user: { email: string };
  password: string;
  cookie: string;
}) {
  const other = await signInAs(ctx.app, person.user.email, person.password);
  return { cookies: [person.cookie, other], token: await apiToken(person.cookie) };
}

describe('an account that is disabled or deleted is signed out everywhere at once', () => {
  it('deactivation ends the session on every device and the API token', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const consultant = await createStaff(ctx.app, 'consultant');
    const ways = await signedInTwiceWithToken(consultant);
    expect(await reads(ways)).toEqual([200, 200, 200]);

    const res = await staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/team/${consultant.user.id}/deactivate` },
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await reads(ways)).toEqual([401, 401, 401]);
  });

  it('deletion ends the session on every device and the API token', async () => {
    const person = await createUser(ctx.app);
    const ways = await signedInTwiceWithToken(person);
    expect(await reads(ways)).toEqual([200, 200, 200]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/delete-account',
      headers: { origin: ctx.app.config.publicUrl, cookie: person.cookie },
      payload: { password: person.password, kept: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reads(ways)).toEqual([401, 401, 401]);
  });
});
