import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { DevOutbox } from '../lib/mailer/dev-outbox.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { authPost } from '../../tests/factories/user-requests.ts';
import { cookieFrom, enrollTotp } from '../../tests/factories/user.ts';

const root = path.resolve(import.meta.dirname, '../..');
const email = 'first.admin@example.test';
const publicUrl = 'http://portal.example.test';
let dataDir: string;
let database: Config['database'];
let drop: () => Promise<void>;
let app: FastifyInstance | undefined;

/** `npm run admin:create -- ...args` as an operator runs it, against this test's database. */
function adminCreate(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return adminCreateWith({}, ...args);
}

function adminCreateWith(
  env: Record<string, string | undefined>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli/admin-create.ts', ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PUBLIC_URL: publicUrl,
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.kind === 'postgres' ? database.url : '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const outbox = () => new DevOutbox(path.join(dataDir, 'outbox')).list();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-cli-'));
  const test = await createTestDatabase();
  drop = test.drop;
  database =
    test.database.kind === 'postgres'
      ? test.database
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run admin:create', () => {
  it('creates a confirmed admin and e-mails a set-password link, printing neither the address nor the token', async () => {
    const result = await adminCreate('--email', 'First.Admin@Example.test', '--name', 'Ada Admin');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Created a new administrator account.');
    const [mail] = await outbox();
    expect(mail!.to).toBe(email);
    const link = /http:\/\/portal\.example\.test\/reset-password#token=([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect(result.stdout + result.stderr).not.toContain(link![1]);
    expect((result.stdout + result.stderr).toLowerCase()).not.toContain(email);
  }, 60_000);

  it('run again, keeps the one account and sends a new link', async () => {
    const result = await adminCreate('--email', email);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('already an administrator');
    expect(await outbox()).toHaveLength(2);
  }, 60_000);

  it('with the server running: says plainly to stop it (embedded) or just works (PostgreSQL)', async () => {
    const config: Config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: publicUrl,
      }),
      database,
    };
    app = await buildApp(config);
    const result = await adminCreate('--email', email);
    if (database.kind === 'pglite') {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Stop the server first: the embedded database is in use by process ${process.pid}`,
      );
      expect(await outbox()).toHaveLength(2);
    } else {
      expect(result.code, result.stderr).toBe(0);
      expect(await outbox()).toHaveLength(3);
    }
  }, 60_000);

  it('the newest link sets the password, signs in, and opens the staff console with admin rights', async () => {
    const [newest] = await outbox();
    const token = /reset-password#token=([\w-]+)/.exec(newest!.text)![1]!;
    const res = await authPost(app!, '/reset-password', {
      token,
      newPassword: 'first admin password',
      confirmPassword: 'first admin password',
    });
    expect(res.statusCode, res.body).toBe(200);
    const signedIn = cookieFrom(res.headers['set-cookie']);
    // A fresh admin is led to set up a second factor before the console opens (issue 10).
    const refused = await app!.inject({
      method: 'GET',
      url: '/api/staff/team',
      headers: { cookie: signedIn },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SECOND_FACTOR_REQUIRED' } });
    const { cookie } = await enrollTotp(app!, email, 'first admin password', signedIn);
    const team = await app!.inject({ method: 'GET', url: '/api/staff/team', headers: { cookie } });
    expect(team.statusCode).toBe(200);
    const rows = await app!.db.select().from(users).where(eq(users.email, email));
    expect(rows).toMatchObject([{ role: 'admin', emailVerified: true, name: 'Ada Admin' }]);
    const audits = await app!.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.created'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.every((a) => a.actorId === null && a.subjectId === rows[0]!.id)).toBe(true);
  });

  it('explains its usage when the e-mail is missing or wrong', async () => {
    for (const args of [[], ['--email', 'not-an-address'], ['--unknown']]) {
      const result = await adminCreate(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: npm run admin:create -- --email');
    }
  }, 60_000);

  it('links to the address the server would use: PUBLIC_URL, else localhost on PORT, and says which', async () => {
    // A data directory of its own: the embedded database of the other tests may still be open.
    const ownDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-cli-port-'));
    try {
      const result = await adminCreateWith(
        { PUBLIC_URL: undefined, PORT: '4123', DATA_DIR: ownDir },
        '--email',
        'port.admin@example.test',
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('It opens http://localhost:4123/reset-password');
      expect(result.stdout).toContain('PUBLIC_URL is not set');
      // On PostgreSQL the server of an earlier test may deliver it, into its own outbox.
      const mails = [
        ...(await new DevOutbox(path.join(ownDir, 'outbox')).list()),
        ...(await outbox()),
      ];
      const mail = mails.find((m) => m.to === 'port.admin@example.test');
      expect(mail!.text).toMatch(/http:\/\/localhost:4123\/reset-password#token=/);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  }, 60_000);
});
