import { createHmac } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { defaultLocale, isLocale, type Locale } from '../../../shared/locales.ts';
import type { ErasureChannel, ErasurePreview } from '../../../shared/schemas/personal-data.ts';
import { isPasswordAgainRight } from '../../auth/reauth.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { applications, users } from '../../db/schema/index.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { countActiveAdminsOtherThan, lockAdmins } from '../staff/team-repository.ts';
import { recordAudit, type AuditRecord } from '../audit/service.ts';
import { clearPending } from '../documents/orphans.ts';
import { mailErasureConfirmation, mailErasureRequestToOwner } from './emails.ts';
import { checkKeptAsShown, erasurePreview, planErasure } from './erasure-plan.ts';
import type { DataSubject } from './registry.ts';
import { lockedSubject } from './subjects.ts';

export { subjectByEmail, subjectOfAccount } from './subjects.ts';

/** Both actions ask for the password again (better-auth checks it against the signed-in account). */
export async function confirmPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  password: string,
): Promise<void> {
  // Counted with every other re-authentication of the session (issue 22 finding 8).
  if (!(await isPasswordAgainRight(app, req, password)))
    throw new ValidationError(
      { password: 'WRONG_CURRENT_PASSWORD' },
      'The password is not correct.',
    );
}

export const exportFileName = 'uk-study-portal-my-data.zip';

/**
 * Paths inside the zip, none twice (compared as a case-blind file system would): a repeated one
 * gets " (2)", " (3)"… before its extension, so unzipping never overwrites one file with another.
 */
export function distinctPaths(paths: string[]): string[] {
  const taken = new Set<string>(['data.json']);
  return paths.map((path) => {
    const dot = path.lastIndexOf('.');
    const [stem, extension] =
      dot > path.lastIndexOf('/') + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * Who the audit says a request was about: the account, or (without one) the address as a keyed
 * hash, so an admin can later check that a request was handled without the log naming the person.
 */
function auditSubject(
  app: FastifyInstance,
  subject: DataSubject,
): Pick<AuditRecord, 'subjectType' | 'subjectId'> {
  if (subject.userId) return { subjectType: 'user', subjectId: subject.userId };
  const digest = createHmac('sha256', app.authSecret)
    .update(`data-subject:${subject.email.toLowerCase()}`)
    .digest('hex');
  return { subjectType: 'person', subjectId: digest };
}

/** What an erasure would keep and delete, shown before anyone confirms (D16). */
export function previewErasure(app: FastifyInstance, subject: DataSubject): ErasurePreview {
  return erasurePreview(subject, app.config.retention.caseMonths, new Date());
}

/** An admin looked up what the portal holds for an address: recorded, like every act on a request. */
export async function recordLookup(app: FastifyInstance, actor: SessionUser, subject: DataSubject) {
  await recordAudit(app.db, {
    actorId: actor.id,
    action: 'personal_data.looked_up',
    ...auditSubject(app, subject),
    details: { applications: subject.applications.length, account: subject.userId !== null },
  });
}

/**
 * One zip: data.json (every registered module's part) and the documents. Audited, with who asked
 * and, for a request by e-mail, how the admin checked it came from the address.
 */
export async function exportPersonalData(
  app: FastifyInstance,
  actor: SessionUser,
  subject: DataSubject,
  verification?: string,
): Promise<Readable> {
  const parts: Record<string, unknown> = {};
  const files = [];
  for (const source of app.personalData.all()) {
    const collected = await source.collect(app, subject);
    parts[source.name] = collected.data;
    files.push(...(collected.files ?? []));
  }
  const paths = distinctPaths(files.map((file) => file.path));
  const opened = await Promise.all(
    files.map(async (file, i) => ({ path: paths[i]!, stream: await file.open() })),
  );
  await recordAudit(app.db, {
    actorId: actor.id,
    action: 'personal_data.exported',
    ...auditSubject(app, subject),
    details: {
      by: actor.id === subject.userId ? 'self' : 'staff',
      files: files.length,
      applications: subject.applications.length,
      ...(verification ? { verification } : {}),
    },
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

async function refuseLastAdmin(tx: Db, userId: string): Promise<void> {
  await lockAdmins(tx);
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (row?.role === 'admin' && (await countActiveAdminsOtherThan(tx, userId)) === 0) {
    throw new AppError(
      'LAST_ADMIN',
      409,
      'The portal needs at least one active administrator: make someone else an administrator first.',
    );
  }
}

/** The person's language: their account's choice, else the newest application's. */
async function languageOf(tx: Db, subject: DataSubject): Promise<Locale> {
  if (subject.userId) {
    const [row] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, subject.userId));
    if (row?.language && isLocale(row.language)) return row.language;
  }
  return subject.applications[0]?.language ?? defaultLocale;
}

export interface ErasureRequest {
  channel: ErasureChannel;
  /** The applications the screen showed as kept: the erasure goes ahead only if that still holds. */
  kept: readonly string[];
  /** For a request by e-mail: how the admin checked it came from the address. */
  verification?: string;
}

/**
 * Erases the person (article 17, D16): every registered module's data, the documents and the
 * account (so every session; their live streams end on every instance). An active case is kept
 * for the contract and legal duties and becomes an erasure request its consultant sees; the
 * retention job erases it once it has been closed for CASE_RETENTION_MONTHS. Anonymised
 * statistics stay; the audit says what was erased and by whom without naming the person; the
 * person is e-mailed what was deleted and what is kept, until when.
 */
export async function erasePersonalData(
  app: FastifyInstance,
  actor: SessionUser,
  shown: DataSubject,
  request: ErasureRequest,
): Promise<Record<string, number>> {
  const bySelf = actor.id === shown.userId;
  const months = app.config.retention.caseMonths;
  const counts: Record<string, number> = {};
  const storageKeys: string[] = [];
  await app.db.transaction(async (tx) => {
    if (shown.userId) await refuseLastAdmin(tx, shown.userId);
    const subject = await lockedSubject(tx, shown);
    const plan = planErasure(subject, months, request.channel, new Date());
    checkKeptAsShown(plan, request.kept);
    const kept = subject.applications.filter((a) => plan.keep.includes(a.id));
    const newlyKept = kept.filter((a) => !a.erasureRequestedAt);
    const details = await keptCaseDetails(
      tx,
      newlyKept.map((a) => a.id),
    );
    const language = await languageOf(tx, subject);

    for (const source of [...app.personalData.all()].reverse()) {
      const erased = await source.erase(app, tx, subject, plan);
      storageKeys.push(...(erased.storageKeys ?? []));
      Object.assign(counts, erased.counts ?? {});
    }
    await recordAudit(tx, {
      actorId: bySelf ? null : actor.id,
      action: 'personal_data.erased',
      ...auditSubject(app, subject),
      details: {
        by: bySelf ? 'self' : 'staff',
        ...counts,
        ...(request.verification ? { verification: request.verification } : {}),
      },
    });
    for (const a of newlyKept) {
      await recordAudit(tx, {
        actorId: bySelf ? null : actor.id,
        action: 'application.erasure_requested',
        subjectType: 'application',
        subjectId: a.id,
        details: { via: request.channel },
      });
      const { fullName, ownerEmail } = details.get(a.id)!;
      await mailErasureRequestToOwner(app, tx, { ...a, fullName }, ownerEmail, months);
    }
    await mailErasureConfirmation(app, tx, {
      email: subject.email,
      language,
      channel: request.channel,
      hadAccount: subject.userId !== null,
      erasedApplications: plan.erase.length,
      kept,
      months,
    });
  });
  for (const key of storageKeys) await app.storage.delete(key);
  await clearPending(app.db, storageKeys);
  app.log.info({ by: bySelf ? 'self' : 'staff', ...counts }, 'personal data erased');
  return counts;
}

/** The name on each case and its owner's address, read before the erasure changes anything. */
async function keptCaseDetails(tx: Db, ids: string[]) {
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ id: applications.id, fullName: applications.fullName, ownerEmail: users.email })
          .from(applications)
          .leftJoin(users, eq(users.id, applications.ownerId))
          .where(inArray(applications.id, ids));
  return new Map(rows.map((r) => [r.id, { fullName: r.fullName, ownerEmail: r.ownerEmail }]));
}
