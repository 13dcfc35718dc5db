import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { z } from 'zod';
import { createAuth } from '../auth/create-auth.ts';
import { resolveAuthSecret } from '../auth/secret.ts';
import { SignedInHooks } from '../auth/signed-in-hooks.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DatabaseInUseError } from '../db/directory-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { loggerOptions } from '../lib/logger.ts';
import { mailStatus } from '../lib/mailer/outbox-repository.ts';
import { createRateLimits } from '../lib/rate-limit.ts';
import { createMailer, outboxDir } from '../lib/mailer/index.ts';
import { ensureAdmin } from '../modules/staff/admin-account.ts';
import { adminSetPasswordMail } from '../modules/staff/emails.ts';
import { issueSetPasswordLink, setPasswordLinkDays } from '../modules/staff/set-password-link.ts';

/*
 * npm run admin:create -- --email someone@example.com [--name "Jane Doe"]
 *
 * Makes (or promotes) an administrator and e-mails a link to set the password. The address and
 * the token are never printed: the link only goes into the e-mail.
 */
const usage = 'Usage: npm run admin:create -- --email someone@example.com [--name "Jane Doe"]';

function fail(message: string, code = 1): never {
  console.error(`\n${message}\n`);
  process.exit(code);
}

function readArguments() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`, 2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const email = z.email().max(254).safeParse(values.email?.trim());
  if (!email.success)
    fail(
      `${values.email ? 'That is not a valid e-mail address.' : 'The --email option is required.'}\n${usage}`,
      2,
    );
  const name = z
    .string()
    .trim()
    .max(200)
    .safeParse(values.name ?? '');
  if (!name.success) fail('The --name option must be at most 200 characters.', 2);
  return { email: email.data, name: name.data };
}

async function main() {
  const { email, name } = readArguments();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // A throwaway Fastify gives the server's own logger (with its redaction) to the auth and mail code.
  const logHost = Fastify({
    logger: {
      ...loggerOptions(config),
      level: config.logLevel === 'info' ? 'warn' : config.logLevel,
    },
  });
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      fail(
        `Stop the server first: the embedded database is in use by process ${error.pid}.\n` +
          'Only one process may open the embedded database. Stop the server (Ctrl-C, or `kill ' +
          `${error.pid}\`), run this command again, then start the server. With DATABASE_URL (PostgreSQL) ` +
          'the command works while the server runs.',
      );
    }
    throw error;
  }
  const mailer = createMailer(config, database.db, logHost.log);
  try {
    await database.withMigrationLock((db) => runMigrations(database.kind, db));
    const secret = await resolveAuthSecret(config);
    const auth = createAuth({
      config,
      db: database.db,
      secret,
      mailer,
      log: logHost.log,
      signedIn: new SignedInHooks(logHost.log),
      rateLimits: createRateLimits(database.db, secret),
    });
    const admin = await ensureAdmin(database.db, email, name);
    const link = await issueSetPasswordLink(auth, config, admin.userId);
    const mailId = await mailer.enqueue(database.db, {
      to: email.toLowerCase(),
      ...adminSetPasswordMail(link, setPasswordLinkDays),
    });
    // Sent now when the transport answers; otherwise the server's mail worker retries it.
    await mailer.flush();

    const what = admin.created
      ? 'Created a new administrator account.'
      : admin.previousRole === 'admin'
        ? 'That account was already an administrator.'
        : `That account existed (as ${admin.previousRole}); it is now an administrator.`;
    const sent = (await mailStatus(database.db, mailId)) === 'sent';
    const where = config.mail.smtpUrl
      ? 'over SMTP'
      : `to the dev outbox (${outboxDir(config)}; also listed at /dev/mail while the server runs)`;
    const how = sent
      ? `was e-mailed ${where}`
      : 'is in the mail queue: the SMTP server did not take it now, so the running server will retry it';
    console.log(
      `${what}\nA link to set the password (valid ${setPasswordLinkDays} days) ${how}.\n` +
        `It opens ${config.publicUrl}/reset-password${
          process.env.PUBLIC_URL
            ? ' (PUBLIC_URL)'
            : ` (PUBLIC_URL is not set, so http://localhost:PORT with PORT=${config.port}: run this command with the same PUBLIC_URL and PORT as the server)`
        }; after setting the password you land in the staff console.`,
    );
  } finally {
    await mailer.close();
    await database.close();
    await logHost.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error('admin:create failed:', message.replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[email]'));
  process.exit(1);
});
