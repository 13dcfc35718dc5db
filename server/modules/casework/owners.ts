import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import type { StageTimes } from '../../../shared/schemas/casework.ts';
import { addWorkingDays } from '../../../shared/working-days.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { applications, stageTimes, userDeactivations, users } from '../../db/schema/index.ts';
import { AppError, ValidationError, VersionConflict } from '../../lib/errors.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { noteApplicationChange } from '../staff/queue-counts.ts';
import { lockApplication } from '../applications/repository.ts';
import { recordAudit } from '../audit/service.ts';
import { applicationNotFound } from './access.ts';
import { lateDigestMail } from './emails.ts';
import { findStageTimes } from './repository.ts';

/** When a stage entered at `at` should be over; null when no time is set (or for the last stage). */
export function stageDue(times: StageTimes, status: ApplicationStatus, at: Date): Date | null {
  const days = status === 'accepted' ? null : times[status];
  return days ? addWorkingDays(at, days) : null;
}

/** Inside a status change or a submission: the stage's due time from the admins' stage times. */
export async function setStageDue(
  tx: Db,
  applicationId: string,
  status: ApplicationStatus,
  at: Date,
): Promise<void> {
  const times = await findStageTimes(tx);
  await tx
    .update(applications)
    .set({ stageDueAt: stageDue(times, status, at) })
    .where(eq(applications.id, applicationId));
}

/**
 * Assignment rules (issue 12, item 4): an admin gives a case to any active consultant or admin,
 * or takes it from its owner (null); a consultant may only take an unassigned case for themself.
 */
export async function assignOwner(
  app: FastifyInstance,
  actor: SessionUser,
  applicationId: string,
  from: string | null,
  ownerId: string | null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw applicationNotFound();
    if (application.ownerId === ownerId) return;
    if (application.ownerId !== from) {
      const [owner] = application.ownerId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, application.ownerId))
        : [];
      throw new VersionConflict('OWNER_CHANGED_MEANWHILE', {
        ownerId: application.ownerId,
        ownerName: owner?.name ?? null,
      });
    }
    if (actor.role !== 'admin') {
      if (ownerId !== actor.id)
        throw new AppError(
          'FORBIDDEN',
          403,
          'Only an administrator can give a case to someone else.',
        );
      if (application.ownerId === actor.id) return;
      if (application.ownerId !== null)
        throw new AppError(
          'CASE_TAKEN',
          409,
          'This case already has an owner. Ask an administrator to reassign it.',
        );
    }
    if (ownerId !== null) {
      const [owner] = await tx
        .select({ id: users.id, role: users.role, deactivated: userDeactivations.userId })
        .from(users)
        .leftJoin(userDeactivations, eq(userDeactivations.userId, users.id))
        .where(eq(users.id, ownerId));
      if (!owner || (owner.role !== 'consultant' && owner.role !== 'admin') || owner.deactivated) {
        throw new ValidationError(
          { ownerId: 'Choose an active member of the team' },
          'Choose an active member of the team.',
        );
      }
    }
    if (application.ownerId === ownerId) return;
    await tx.update(applications).set({ ownerId }).where(eq(applications.id, applicationId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'application.owner_changed',
      subjectType: 'application',
      subjectId: applicationId,
      details: { from: application.ownerId, to: ownerId },
    });
    await publishApplicationChange(tx, applicationId, application.userId);
  });
}

/** The consultants and admins a case can be given to (admins' assignment list). */
export function listAssignable(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .leftJoin(userDeactivations, eq(userDeactivations.userId, users.id))
    .where(and(inArray(users.role, ['consultant', 'admin']), isNull(userDeactivations.userId)))
    .orderBy(asc(users.name), asc(users.email));
}

/**
 * Admins set the working days of each stage; every open case in a changed stage gets its new due
 * time (from when it entered the stage), so "late" follows the new rule at once.
 */
export async function setStageTimes(
  app: FastifyInstance,
  actor: SessionUser,
  input: StageTimes,
): Promise<StageTimes> {
  const saved = await app.db.transaction(async (tx) => {
    const before = await findStageTimes(tx);
    for (const status of applicationStatuses) {
      const days = input[status];
      if (days === before[status]) continue;
      if (days === null) await tx.delete(stageTimes).where(eq(stageTimes.status, status));
      else {
        await tx
          .insert(stageTimes)
          .values({ status, workingDays: days, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: stageTimes.status,
            set: { workingDays: days, updatedBy: actor.id, updatedAt: new Date() },
          });
      }
      await recomputeStageDue(tx, status, days === null || status === 'accepted' ? null : days);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'stage_times.changed',
      subjectType: 'application',
      subjectId: 'stage-times',
      details: { before, after: input },
    });
    return findStageTimes(tx);
  });
  // due times of many cases moved with no notice per case: this instance's queue counts are read again
  // (another instance's within countsTtlMs)
  noteApplicationChange();
  return saved;
}

/** Working days counted in SQL (Monday to Friday), the same rule as addWorkingDays. */
async function recomputeStageDue(
  tx: Db,
  status: ApplicationStatus,
  days: number | null,
): Promise<void> {
  const open = and(eq(applications.status, status), isNull(applications.outcome));
  if (days === null) {
    await tx.update(applications).set({ stageDueAt: null }).where(open);
    return;
  }
  // the n-th weekday after the day it entered the stage, at the same time of day
  await tx
    .update(applications)
    .set({
      stageDueAt: sql`${applications.lastStatusUpdate} + ((
        select g.d::date
        from generate_series((${applications.lastStatusUpdate}::date + 1)::timestamp, (${applications.lastStatusUpdate}::date + ${days * 2 + 7}::int)::timestamp, interval '1 day') as g(d)
        where extract(isodow from g.d) < 6
        order by g.d offset ${days - 1}::int limit 1
      ) - ${applications.lastStatusUpdate}::date) * interval '1 day'`,
    })
    .where(open);
}

/** An owner's late cases, oldest due first (the daily e-mail). */
export async function lateCasesByOwner(db: Db, now: Date) {
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      programName: applications.programName,
      dueAt: applications.stageDueAt,
      ownerId: applications.ownerId,
      ownerEmail: users.email,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .where(
      and(
        isNotNull(applications.stageDueAt),
        lt(applications.stageDueAt, now),
        isNotNull(applications.ownerId),
      ),
    )
    .orderBy(asc(applications.stageDueAt));
  const byOwner = new Map<
    string,
    { email: string; cases: { id: string; status: string; programName: string; dueAt: Date }[] }
  >();
  for (const r of rows) {
    const entry = byOwner.get(r.ownerId!) ?? { email: r.ownerEmail, cases: [] };
    entry.cases.push({ id: r.id, status: r.status, programName: r.programName, dueAt: r.dueAt! });
    byOwner.set(r.ownerId!, entry);
  }
  return byOwner;
}

/** The daily job: each owner with late cases gets one e-mail listing them. */
export async function sendLateDigests(app: FastifyInstance, now = new Date()): Promise<number> {
  const byOwner = await lateCasesByOwner(app.db, now);
  await app.db.transaction(async (tx) => {
    for (const { email, cases } of byOwner.values()) {
      await app.mailer.enqueue(
        tx,
        lateDigestMail(email, cases, `${app.config.publicUrl}/staff?owner=me&late=1`),
      );
    }
  });
  return byOwner.size;
}

export function registerLateDigest(app: FastifyInstance): void {
  app.scheduler.schedule('casework.late-digest', {
    everySeconds: 86_400,
    offsetSeconds: 7 * 3_600,
    run: async () => void (await sendLateDigests(app)),
  });
}
