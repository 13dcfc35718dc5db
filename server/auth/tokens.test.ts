import { eq } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  decodeJwt,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth.ts';
import { jwks } from '../db/schema/identity.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createUser } from '../../tests/factories/user.ts';
import { authGet, authPost } from '../../tests/factories/user-requests.ts';

// A short configured lifetime, so that expiry is seen for real (no fake clock).
const lifetimeSeconds = 3;
const ctx = useTestApp({
  JWT_LIFETIME_SECONDS: String(lifetimeSeconds),
  AUTH_RATE_LIMIT_IP_MAX: '1000',
});
let origin = '';

beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

async function tokenFor(cookie: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/token`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/no-store/);
  const { token } = (await res.json()) as { token: string };
  return token;
}

const readWith = (authorization: string) =>
  fetch(`${origin}/api/me/applications`, { headers: { authorization } });

describe('tokens for API clients (issue 10, item 9)', () => {
  it('are EdDSA JWTs that a standard JOSE library verifies against /.well-known/jwks.json', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const token = await tokenFor(cookie);
    const keySet = createRemoteJWKSet(new URL(`${origin}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, keySet, {
      algorithms: ['EdDSA'],
      issuer: ctx.config.publicUrl,
      audience: ctx.config.publicUrl,
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.sub).toBe(user.id);
    expect(payload.sid).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBe(lifetimeSeconds);
    // nothing personal in a token that API clients pass around
    expect(JSON.stringify(payload)).not.toContain(user.email);

    const wellKnown = await fetch(`${origin}/.well-known/jwks.json`);
    const apiKeys = await fetch(`${origin}/api/auth/jwks`);
    expect(wellKnown.headers.get('cache-control')).toBe('public, max-age=300');
    const published = (await wellKnown.json()) as { keys: Array<Record<string, string>> };
    expect(await apiKeys.json()).toEqual(published);
    expect(published.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(published.keys[0]).not.toHaveProperty('d');
  });

  it('reads /api/me with Authorization: Bearer and no cookie', async () => {
    const { cookie } = await createUser(ctx.app);
    const res = await readWith(`Bearer ${await tokenFor(cookie)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(await res.json()).toEqual(expect.any(Array));
  });

  it('is only for reading: a change still needs the session cookie', async () => {
    const { cookie } = await createUser(ctx.app);
    const token = await tokenFor(cookie);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/applications/add',
      headers: { authorization: `Bearer ${token}`, origin: ctx.config.publicUrl },
      payload: { applicationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('needs a signed-in session to be issued', async () => {
    const res = await authGet(ctx.app, '/token');
    expect(res.statusCode).toBe(401);
  });

  it('is refused once its session is revoked, before it expires', async () => {
    const { cookie } = await createUser(ctx.app);
    const token = await tokenFor(cookie);
    expect((await readWith(`Bearer ${token}`)).status).toBe(200);
    expect((await authPost(ctx.app, '/sign-out', {}, { cookie })).statusCode).toBe(200);
    const res = await readWith(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /not valid or has expired/,
    );
  });

  it('is refused after its lifetime, by the portal and by a JOSE library', async () => {
    const { cookie } = await createUser(ctx.app);
    const token = await tokenFor(cookie);
    const { exp } = decodeJwt(token);
    expect((await readWith(`Bearer ${token}`)).status).toBe(200);
    await expect
      .poll(async () => (await readWith(`Bearer ${token}`)).status, {
        timeout: (lifetimeSeconds + 3) * 1000,
        interval: 250,
      })
      .toBe(401);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(exp!);
    const keySet = createRemoteJWKSet(new URL(`${origin}/.well-known/jwks.json`));
    await expect(jwtVerify(token, keySet, { algorithms: ['EdDSA'] })).rejects.toThrow(/exp/);
  });

  it('refuses hostile tokens with a 401, never a 5xx', async () => {
    const { cookie } = await createUser(ctx.app);
    const good = await tokenFor(cookie);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    // a key of our own, with the portal's kid: the signature does not match the published key
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT(decodeJwt(good))
      .setProtectedHeader({ alg: 'EdDSA', kid: decodeProtectedHeader(good).kid! })
      .sign(other.privateKey);
    // HS256 with the public key as the secret (the alg-confusion attack)
    const publicJwk = await exportJWK(other.publicKey);
    const hs = await new SignJWT(decodeJwt(good))
      .setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(good).kid! })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    const cases = [
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer not-a-jwt',
      `Bearer ${b64({ alg: 'none' })}.${payload}.`,
      `Bearer ${b64({ alg: 'none', kid: decodeProtectedHeader(good).kid })}.${payload}.xx`,
      `Bearer ${header}.${b64({ ...decodeJwt(good), sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
      `Bearer ${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      `Bearer ${forged}`,
      `Bearer ${hs}`,
      `Bearer ${'a'.repeat(9000)}.${payload}.${signature}`,
      `Bearer ${good} extra`,
    ];
    for (const authorization of cases) {
      const res = await readWith(authorization);
      expect(res.status, authorization.slice(0, 40)).toBe(401);
    }
    // and the good one still works
    expect((await readWith(`Bearer ${good}`)).status).toBe(200);
  });

  it('keys rotate: a retired key stays published for the grace period, then its tokens are refused', async () => {
    const { cookie } = await createUser(ctx.app);
    const before = await tokenFor(cookie);
    const oldKid = decodeProtectedHeader(before).kid!;
    // the rotation interval has passed for the current key
    await ctx.app.db
      .update(jwks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jwks.id, oldKid));
    const after = await tokenFor(cookie);
    const newKid = decodeProtectedHeader(after).kid!;
    expect(newKid).not.toBe(oldKid);
    const kids = async () =>
      (
        (await (await fetch(`${origin}/.well-known/jwks.json`)).json()) as {
          keys: { kid: string }[];
        }
      ).keys.map((k) => k.kid);
    expect(await kids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await readWith(`Bearer ${before}`)).status).toBe(200);
    expect((await readWith(`Bearer ${after}`)).status).toBe(200);
    // past the grace period: gone from the key set, and its tokens no longer verify
    const pastGrace = new Date(Date.now() - ctx.config.identity.jwt.graceSeconds * 1000 - 1000);
    await ctx.app.db.update(jwks).set({ expiresAt: pastGrace }).where(eq(jwks.id, oldKid));
    expect(await kids()).not.toContain(oldKid);
    expect((await readWith(`Bearer ${before}`)).status).toBe(401);
    expect((await readWith(`Bearer ${after}`)).status).toBe(200);
  });

  it('a session ended by its absolute lifetime ends its tokens too', async () => {
    const { user, cookie } = await createUser(ctx.app);
    const token = await tokenFor(cookie);
    await ctx.app.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - ctx.config.auth.session.absoluteSeconds * 1000 - 1000),
      })
      .where(eq(sessions.userId, user.id));
    const res = await readWith(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_TOKEN');
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
  });

  it('lifetimes are configuration, checked at start', () => {
    expect(loadConfig({}).identity.jwt).toEqual({
      lifetimeSeconds: 600,
      rotationSeconds: 30 * 86_400,
      graceSeconds: 7 * 86_400,
    });
    expect(() => loadConfig({ JWT_LIFETIME_SECONDS: '7200' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_LIFETIME_SECONDS: 'soon' })).toThrow(/JWT_LIFETIME_SECONDS/);
  });
});
