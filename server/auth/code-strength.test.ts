import { gte } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifications } from '../db/schema/auth.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { cookieFrom, createUser } from '../../tests/factories/user.ts';
import { mailTo } from '../../tests/factories/user-mail.ts';
import { authPost } from '../../tests/factories/user-requests.ts';

/**
 * ASVS 5.0 6.5.3-6.5.5 and 7.2.3 (docs/security.md): the one-time codes and session tokens are
 * long enough, short-lived, and drawn from the system's cryptographic generator.
 */
const ctx = useTestApp({ AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one-time codes', () => {
  it('the sign-in e-mail’s 6-digit code and its link last 10 minutes at most', async () => {
    const { user } = await createUser(ctx.app);
    const asked = new Date(Date.now() - 1000);
    // rows written before the request (the sign-up's confirmation link may land within that second)
    const before = new Set(
      (await ctx.app.db.select({ id: verifications.id }).from(verifications)).map((r) => r.id),
    );
    expect((await authPost(ctx.app, '/sign-in/magic-link', { email: user.email })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () =>
        (await mailTo(ctx.app, user.email)).filter((m) => /sign-in/i.test(m.subject)),
      )
      .toHaveLength(1);
    const [mail] = await mailTo(ctx.app, user.email);
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    const made = (
      await ctx.app.db.select().from(verifications).where(gte(verifications.createdAt, asked))
    ).filter((row) => !before.has(row.id));
    // the code and the link (each other's proof)
    expect(made.length).toBeGreaterThanOrEqual(2);
    for (const row of made)
      expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('the authenticator app is set up for 6-digit codes that change every 30 seconds', async () => {
    const { password, cookie } = await createUser(ctx.app);
    const enabled = await ctx.app.auth.api.enableTwoFactor({
      body: { password },
      headers: new Headers({ cookie }),
    });
    const uri = new URL((enabled as { totpURI: string }).totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('period') ?? '30').toBe('30');
    expect(uri.searchParams.get('digits') ?? '6').toBe('6');
    // ten backup codes of ten letters and digits (59 bits each), all different
    const codes = (enabled as { backupCodes: string[] }).backupCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code.replace('-', '')).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('codes, backup codes and tokens are drawn from the system’s cryptographic generator', async () => {
    const { user, password, cookie } = await createUser(ctx.app);
    const drawn = vi.spyOn(globalThis.crypto, 'getRandomValues');
    await ctx.app.auth.api.enableTwoFactor({
      body: { password },
      headers: new Headers({ cookie }),
    });
    expect(drawn).toHaveBeenCalled();
    drawn.mockClear();
    expect((await authPost(ctx.app, '/sign-in/magic-link', { email: user.email })).statusCode).toBe(
      200,
    );
    expect(drawn).toHaveBeenCalled();
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random is no source of secrets');
    });
    expect(
      (await authPost(ctx.app, '/sign-in/email', { email: user.email, password })).statusCode,
    ).toBe(200);
  });
});

describe('session tokens', () => {
  it('are 32 random letters and digits (190 bits), new at every sign-in', async () => {
    const { user, password } = await createUser(ctx.app);
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await authPost(ctx.app, '/sign-in/email', { email: user.email, password });
      const cookie = cookieFrom(res.headers['set-cookie'] as string[]);
      const token = /portal\.session_token=([A-Za-z0-9]{32})\./.exec(cookie)?.[1];
      expect(token, cookie).toBeDefined();
      tokens.add(token!);
    }
    expect(tokens.size).toBe(3);
  });
});
