import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import {
  createApplication,
  createApplicationFields,
  submitApplication,
} from '../../tests/factories/application.ts';
import { createPartnershipInput, createReferralInput } from '../../tests/factories/referral.ts';
import { createStaff, staffCall } from '../../tests/factories/staff.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { authPost } from '../../tests/factories/user-requests.ts';

let app: FastifyInstance;
let lines: string[] = [];
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-log-privacy-'));
  const { database, drop } = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'trace' }),
    database,
  };
  app = await buildApp(config, { logStream: { write: (line: string) => void lines.push(line) } });
  cleanup = async () => {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => cleanup?.());

/**
 * Makes every write to `table` fail the way PostgreSQL fails on bad data: a check constraint
 * violation, whose DETAIL quotes the whole row it refused.
 */
async function failingWritesTo(table: string, run: () => Promise<{ statusCode: number }>) {
  await app.db.execute(
    sql.raw(`alter table ${table} add constraint log_trap check (false) not valid`),
  );
  lines = [];
  try {
    return await run();
  } finally {
    await app.db.execute(sql.raw(`alter table ${table} drop constraint log_trap`));
  }
}

function expectLogWithout(secrets: string[]) {
  const log = lines.join('\n');
  expect(log).toMatch(/"code":"23514"/);
  expect(log).toContain('log_trap');
  for (const secret of secrets) expect(log, secret).not.toContain(secret);
}

const phone = '+44 20 7946 0958';
const passport = 'X98765432';

describe('no personal data in the log when a write fails (finding 2)', () => {
  it('submitting an application', async () => {
    const fields = createApplicationFields({
      fullName: 'Zainab Quetzal',
      passportNumber: passport,
      phone,
      dateOfBirth: '2002-02-19',
    });
    const res = await failingWritesTo('applications', () => submitApplication(app, fields));
    expect(res.statusCode).toBe(500);
    expectLogWithout([
      'Zainab',
      'Quetzal',
      passport,
      fields.email as string,
      '7946 0958',
      '+442079460958',
      '2002-02-19',
    ]);
  });

  it('the confirmation e-mail of an application', async () => {
    const fields = createApplicationFields({ fullName: 'Yusra Mailfail' });
    const res = await failingWritesTo('mail_outbox', () => submitApplication(app, fields));
    expect(res.statusCode).toBe(500);
    expectLogWithout(['Yusra', 'Mailfail', fields.email as string]);
  });

  it('a referral and a partnership request', async () => {
    const referral = createReferralInput({ name: 'Oluwaseun Hidden' });
    const res = await failingWritesTo('referrals', () =>
      app.inject({
        method: 'POST',
        url: '/api/referrals',
        payload: referral,
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(res.statusCode).toBe(500);
    expectLogWithout(['Oluwaseun', 'Hidden', referral.email, '803 123 4567', '+2348031234567']);
    const partner = createPartnershipInput({ contactName: 'Marguerite Secret' });
    const res2 = await failingWritesTo('partnerships', () =>
      app.inject({
        method: 'POST',
        url: '/api/partnerships',
        payload: partner,
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(res2.statusCode).toBe(500);
    expectLogWithout(['Marguerite', 'Secret', partner.email, '+919876543210']);
  });

  it('a status change with a note, an internal note and a referral note by staff', async () => {
    const consultant = await createStaff(app, 'consultant');
    const { id, email } = await createApplication(app, { fullName: 'Ingrid Staffpath' });
    const note = `Spoke to her on ${phone}`;
    const move = () =>
      staffCall(
        app,
        {
          method: 'POST',
          url: `/api/staff/applications/${id}/status`,
          payload: { from: 'submitted', to: 'reviewed', note },
        },
        consultant.cookie,
      );
    expect((await failingWritesTo('application_status_events', move)).statusCode).toBe(500);
    expectLogWithout([note, '7946 0958', email, 'Ingrid']);
    expect((await failingWritesTo('mail_outbox', move)).statusCode).toBe(500);
    expectLogWithout([note, email, 'Ingrid', 'Staffpath']);
    const addNote = () =>
      staffCall(
        app,
        { method: 'POST', url: `/api/staff/applications/${id}/notes`, payload: { body: note } },
        consultant.cookie,
      );
    expect((await failingWritesTo('application_notes', addNote)).statusCode).toBe(500);
    expectLogWithout([note, '7946 0958']);

    const referral = createReferralInput();
    const referralId = (
      await app.inject({
        method: 'POST',
        url: '/api/referrals',
        payload: referral,
        headers: { 'idempotency-key': randomUUID() },
      })
    ).json<{ id: string }>().id;
    const mark = () =>
      staffCall(
        app,
        {
          method: 'POST',
          url: `/api/staff/referrals/${referralId}/status`,
          payload: { status: 'contacted', from: 'new', note },
        },
        consultant.cookie,
      );
    expect((await failingWritesTo('contact_request_events', mark)).statusCode).toBe(500);
    expectLogWithout([note, '7946 0958', referral.email]);
  });

  it('an invitation and a sign-up', async () => {
    const admin = await createStaff(app, 'admin');
    const invitee = uniqueEmail('invitee');
    const invite = () =>
      staffCall(
        app,
        {
          method: 'POST',
          url: '/api/staff/team/invitations',
          payload: { email: invitee, name: 'Hortensia Invitee', role: 'consultant' },
        },
        admin.cookie,
      );
    expect((await failingWritesTo('users', invite)).statusCode).toBe(500);
    expectLogWithout([invitee, 'Hortensia']);

    const email = uniqueEmail('signup');
    const signUp = () =>
      authPost(app, '/sign-up/email', {
        email,
        password: 'secret-password-1',
        confirmPassword: 'secret-password-1',
      });
    await app.db.execute(
      sql.raw('alter table users add constraint log_trap check (false) not valid'),
    );
    lines = [];
    try {
      expect((await signUp()).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await app.db.execute(sql.raw('alter table users drop constraint log_trap'));
    }
    const log = lines.join('\n');
    for (const secret of [email, email.split('@')[0]!, 'secret-password-1'])
      expect(log, secret).not.toContain(secret);
  });
});
