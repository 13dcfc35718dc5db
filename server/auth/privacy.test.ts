import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, ConfigError } from '../config.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import {
  confirmByLink,
  linkIn,
  tokenOfLink,
  waitForMail,
} from '../../tests/factories/user-mail.ts';
import { authGet, authPost } from '../../tests/factories/user-requests.ts';
import { resolveAuthSecret } from './secret.ts';

const lines: string[] = [];
let app: FastifyInstance;
let dataDir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-auth-log-'));
  const db = await createTestDatabase();
  drop = db.drop;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'trace' }),
    database: db.database,
  };
  app = await buildApp(config, { logStream: { write: (line) => lines.push(line) } });
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('what the log keeps', () => {
  it('never an e-mail address, a password or a token, through a whole account life', async () => {
    const email = uniqueEmail('private');
    const password = 'Pa55word-private';
    await authPost(app, '/sign-up/email', { email, password, confirmPassword: password });
    await authPost(app, '/sign-up/email', { email, password, confirmPassword: password });
    await authPost(app, '/sign-in/email', { email, password });
    await authPost(app, '/send-verification-email', { email });
    const confirm = linkIn(await waitForMail(app, email, /confirm/i), app.config.publicUrl);
    const confirmToken = tokenOfLink(confirm);
    await confirmByLink(app, confirm);
    await authPost(app, '/sign-in/email', { email, password: 'wrong-one' });
    await authPost(app, '/request-password-reset', { email });
    const reset = new URL(linkIn(await waitForMail(app, email, /reset/i), app.config.publicUrl));
    const resetToken = tokenOfLink(reset.href);
    await authPost(app, '/reset-password/status', { token: resetToken });
    const done = await authPost(app, '/reset-password', {
      token: resetToken,
      newPassword: 'Newer-private',
      confirmPassword: 'Newer-private',
    });
    expect(done.statusCode).toBe(200);
    await authGet(app, `/reset-password/${resetToken}`);
    await app.mailer.close();

    const log = lines.join('\n');
    expect(log).toContain('mail saved to the dev outbox (');
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of [
      email,
      email.split('@')[0]!,
      password,
      'Newer-private',
      confirmToken,
      resetToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the auth secret', () => {
  it('is kept under DATA_DIR outside production, so it survives a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-secret-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const first = await resolveAuthSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await resolveAuthSecret(config)).toBe(first);
      expect((await readFile(path.join(dir, 'auth-secret'), 'utf8')).trim()).toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('comes from BETTER_AUTH_SECRET, which production requires', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'too-short' })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    const secret = 'x'.repeat(40);
    expect(
      await resolveAuthSecret(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret })),
    ).toBe(secret);
  });
});
