import { PassThrough, type Readable } from 'node:stream';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import type { SessionUser } from '../../auth/session.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { countActiveAdminsOtherThan, lockAdmins } from '../staff/team-repository.ts';
import { recordAudit } from '../audit/service.ts';
import { clearPending } from '../documents/orphans.ts';
import type { DataSubject } from './registry.ts';

export const wrongPasswordMessage = 'This is not your current password.';

function sessionHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return headers;
}

/** Both actions ask for the password again (better-auth checks it against the signed-in account). */
export async function confirmPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  password: string,
): Promise<void> {
  try {
    await app.auth.api.verifyPassword({ body: { password }, headers: sessionHeaders(req) });
  } catch (error) {
    if (error instanceof APIError)
      throw new ValidationError({ password: wrongPasswordMessage }, 'The password is not correct.');
    throw error;
  }
}

/** The person a staff member acts for, found by the address they wrote from. */
export async function subjectByEmail(app: FastifyInstance, email: string): Promise<DataSubject> {
  const [row] = await app.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!row) throw new NotFoundError('ACCOUNT_NOT_FOUND', 'No account uses this e-mail address.');
  return row;
}

export const exportFileName = 'uk-study-portal-my-data.zip';

/**
 * One zip: data.json (every registered module's part) and the documents. Audited, with who asked.
 */
export async function exportPersonalData(
  app: FastifyInstance,
  actor: SessionUser,
  subject: DataSubject,
): Promise<Readable> {
  const parts: Record<string, unknown> = {};
  const files = [];
  for (const source of app.personalData.all()) {
    const collected = await source.collect(app, subject);
    parts[source.name] = collected.data;
    files.push(...(collected.files ?? []));
  }
  const opened = await Promise.all(
    files.map(async (file) => ({ path: file.path, stream: await file.open() })),
  );
  await recordAudit(app.db, {
    actorId: actor.id,
    action: 'personal_data.exported',
    subjectType: 'user',
    subjectId: subject.id,
    details: { by: actor.id === subject.id ? 'self' : 'staff', files: files.length },
  });

  const zip = new yazl.ZipFile();
  const json = JSON.stringify({ exportedAt: new Date().toISOString(), ...parts }, null, 2);
  zip.addBuffer(Buffer.from(json, 'utf8'), 'data.json');
  for (const file of opened) zip.addReadStream(file.stream, file.path);
  zip.end();
  const out = new PassThrough();
  zip.outputStream.on('error', (error) => out.destroy(error));
  return zip.outputStream.pipe(out);
}

/**
 * Erases the person (article 17): every registered module's data, the documents, the account
 * and so every session (their live streams end on every instance). Anonymised statistics stay;
 * the audit record says what was erased and by whom, without naming the person.
 */
export async function erasePersonalData(
  app: FastifyInstance,
  actor: SessionUser,
  subject: DataSubject,
): Promise<Record<string, number>> {
  const bySelf = actor.id === subject.id;
  const counts: Record<string, number> = {};
  const storageKeys: string[] = [];
  await app.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, subject.id));
    if (row?.role === 'admin' && (await countActiveAdminsOtherThan(tx, subject.id)) === 0) {
      throw new AppError(
        'LAST_ADMIN',
        409,
        'The portal needs at least one active administrator: make someone else an administrator first.',
      );
    }
    for (const source of [...app.personalData.all()].reverse()) {
      const erased = await source.erase(app, tx, subject);
      storageKeys.push(...(erased.storageKeys ?? []));
      Object.assign(counts, erased.counts ?? {});
    }
    await recordAudit(tx, {
      actorId: bySelf ? null : actor.id,
      action: 'personal_data.erased',
      subjectType: 'user',
      subjectId: subject.id,
      details: { by: bySelf ? 'self' : 'staff', ...counts },
    });
  });
  for (const key of storageKeys) await app.storage.delete(key);
  await clearPending(app.db, storageKeys);
  app.log.info({ by: bySelf ? 'self' : 'staff', ...counts }, 'personal data erased');
  return counts;
}
