import { describe, expect, it } from 'vitest';
import { passkeys } from '../db/schema/identity.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser } from '../../tests/factories/user.ts';
import {
  apiError,
  authGet,
  authPost,
  reauthenticate,
} from '../../tests/factories/user-requests.ts';

// The happy path (register, sign out, sign in) runs in Chromium with a virtual authenticator
// (tests/e2e/passkeys.spec.ts); here: who may do what, and hostile input.
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000' });

const fakeResponse = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

describe('passkeys (issue 10, item 2)', () => {
  it('registration options only for a signed-in person, for this site', async () => {
    expect((await authGet(ctx.app, '/passkey/generate-register-options')).statusCode).toBe(401);
    const { cookie } = await createUser(ctx.app);
    const res = await authGet(ctx.app, '/passkey/generate-register-options', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rp: { id: 'localhost', name: 'UK Study Portal' },
      challenge: expect.any(String),
    });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('hostile answers get a 4xx, never a 5xx, and no session', async () => {
    const { cookie } = await createUser(ctx.app);
    const options = await authGet(ctx.app, '/passkey/generate-authenticate-options');
    expect(options.statusCode).toBe(200);
    const challengeCookie = [options.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    const cases: Array<[string, object, string | undefined]> = [
      ['/passkey/verify-authentication', { response: fakeResponse }, challengeCookie],
      ['/passkey/verify-authentication', { response: fakeResponse }, undefined],
      [
        '/passkey/verify-authentication',
        { response: { ...fakeResponse, type: 'password' } },
        challengeCookie,
      ],
      ['/passkey/verify-authentication', { response: 'x' }, undefined],
      ['/passkey/verify-authentication', {}, undefined],
      ['/passkey/verify-registration', { response: fakeResponse, name: 'Mine' }, cookie],
      ['/passkey/verify-registration', { response: fakeResponse, name: '' }, cookie],
      ['/passkey/verify-registration', { response: fakeResponse, name: 'x'.repeat(61) }, cookie],
      ['/passkey/update-passkey', { id: 'not-a-uuid', name: 'x' }, cookie],
      ['/passkey/delete-passkey', { id: '00000000-0000-4000-8000-000000000000' }, cookie],
      ['/passkey/delete-passkey', { id: '00000000-0000-4000-8000-000000000000' }, undefined],
    ];
    for (const [path, payload, withCookie] of cases) {
      const res = await authPost(ctx.app, path, payload, { cookie: withCookie });
      expect(
        res.statusCode,
        `${path} ${JSON.stringify(payload).slice(0, 60)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(apiError(res).message).toEqual(expect.any(String));
      expect([res.headers['set-cookie'] ?? []].flat().join('\n')).not.toMatch(/session_token=[^;]/);
    }
  });

  it('a passkey can be renamed or removed only by its owner', async () => {
    const owner = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const [row] = await ctx.app.db
      .insert(passkeys)
      .values({
        userId: owner.user.id,
        name: 'Phone',
        publicKey: 'pk',
        credentialID: 'cred-1',
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      })
      .returning();
    expect(
      (
        await authPost(
          ctx.app,
          '/passkey/update-passkey',
          { id: row!.id, name: 'Mine now' },
          { cookie: other.cookie },
        )
      ).statusCode,
    ).toBe(401);
    const unasked = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: row!.id },
      { cookie: other.cookie },
    );
    expect(unasked.statusCode).toBe(403);
    expect(apiError(unasked).code).toBe('REAUTH_REQUIRED');
    expect((await reauthenticate(ctx.app, other.cookie, other.password)).statusCode).toBe(200);
    expect(
      (
        await authPost(
          ctx.app,
          '/passkey/delete-passkey',
          { id: row!.id },
          { cookie: other.cookie },
        )
      ).statusCode,
    ).toBe(404);
    const list = await authGet(ctx.app, '/passkey/list-user-passkeys', { cookie: other.cookie });
    expect(list.json()).toEqual([]);
    const renamed = await authPost(
      ctx.app,
      '/passkey/update-passkey',
      { id: row!.id, name: '  Work phone ' },
      { cookie: owner.cookie },
    );
    expect(renamed.statusCode).toBe(200);
    const mine = (
      await authGet(ctx.app, '/passkey/list-user-passkeys', { cookie: owner.cookie })
    ).json() as Array<{ name: string }>;
    expect(mine.map((p) => p.name)).toEqual(['Work phone']);
    expect(
      (
        await authPost(
          ctx.app,
          '/passkey/delete-passkey',
          { id: row!.id },
          { cookie: owner.cookie },
        )
      ).statusCode,
    ).toBe(403);
    expect((await reauthenticate(ctx.app, owner.cookie, owner.password)).statusCode).toBe(200);
    const removed = await authPost(
      ctx.app,
      '/passkey/delete-passkey',
      { id: row!.id },
      { cookie: owner.cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await authGet(ctx.app, '/passkey/list-user-passkeys', { cookie: owner.cookie })).json(),
    ).toEqual([]);
  });
});
