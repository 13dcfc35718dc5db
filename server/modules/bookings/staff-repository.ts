import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  applications,
  bookings,
  consultantAvailability,
  consultants,
  programs,
  universities,
  users,
} from '../../db/schema/index.ts';
import { defaultAvailability, type Availability } from '../../../shared/schemas/booking.ts';

/** The row is still at the version an editor read (timestamps held to the microsecond, read to the millisecond). */
const atVersion = (column: PgColumn, version: Date): SQL =>
  sql`abs(extract(epoch from (${column} - ${version.toISOString()}::timestamptz))) < 0.001`;

/** The consultants a staff account is (consultant_availability.user_id). */
export async function consultantsOfAccount(db: Db, userId: string) {
  return db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultantAvailability)
    .innerJoin(consultants, eq(consultants.id, consultantAvailability.consultantId))
    .where(eq(consultantAvailability.userId, userId))
    .orderBy(asc(consultants.sortOrder));
}

export async function allConsultants(db: Db) {
  return db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.sortOrder));
}

/** Bookings of these consultants that start in [from, to), cancelled ones included (greyed). */
export async function agendaRows(db: Db, consultantIds: string[], from: Date, to: Date) {
  if (consultantIds.length === 0) return [];
  return db
    .select({
      booking: bookings,
      consultantName: consultants.name,
      programName: programs.name,
      universityName: universities.name,
    })
    .from(bookings)
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .leftJoin(applications, eq(applications.id, bookings.applicationId))
    .leftJoin(programs, eq(programs.id, applications.programId))
    .leftJoin(universities, eq(universities.id, applications.universityId))
    .where(
      and(
        inArray(bookings.consultantId, consultantIds),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

export async function findAgendaRow(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** Sets status and/or note if the booking is still at `version` (its updatedAt); null otherwise. */
export async function markBooking(
  db: Db,
  id: string,
  version: Date,
  set: { status?: 'confirmed' | 'held' | 'no_show'; staffNote?: string | null },
) {
  const [row] = await db
    .update(bookings)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.id, id),
        atVersion(bookings.updatedAt, version),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function availabilityRows(db: Db, consultantIds: string[]) {
  if (consultantIds.length === 0) return [];
  return db
    .select({
      consultantId: consultants.id,
      name: consultants.name,
      row: consultantAvailability,
      accountName: users.name,
      accountEmail: users.email,
    })
    .from(consultants)
    .leftJoin(consultantAvailability, eq(consultantAvailability.consultantId, consultants.id))
    .leftJoin(users, eq(users.id, consultantAvailability.userId))
    .where(inArray(consultants.id, consultantIds))
    .orderBy(asc(consultants.sortOrder));
}

export function availabilityOf(
  row: typeof consultantAvailability.$inferSelect | null,
): Availability {
  if (!row) return defaultAvailability;
  return {
    timeZone: row.timeZone,
    weekly: row.weekly,
    breaks: row.breaks,
    datesOff: row.datesOff,
    extraHours: row.extraHours,
    meetingMinutes: row.meetingMinutes,
    bufferMinutes: row.bufferMinutes,
    minimumNoticeHours: row.minimumNoticeHours,
    bookingWindowDays: row.bookingWindowDays,
  };
}

/**
 * Saves a consultant's availability if it is still at `version` (null: they had none). Answers
 * false when someone saved it meanwhile.
 */
export async function saveAvailabilityAt(
  db: Db,
  consultantId: string,
  availability: Availability,
  version: Date | null,
): Promise<boolean> {
  const now = new Date();
  if (version === null) {
    const inserted = await db
      .insert(consultantAvailability)
      .values({ consultantId, ...availability, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: consultantAvailability.consultantId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(consultantAvailability)
    .set({ ...availability, updatedAt: now })
    .where(
      and(
        eq(consultantAvailability.consultantId, consultantId),
        atVersion(consultantAvailability.updatedAt, version),
      ),
    )
    .returning({ id: consultantAvailability.consultantId });
  return updated.length === 1;
}

/** Links (or unlinks, null) the staff account that is this consultant. */
export async function linkAccount(db: Db, consultantId: string, userId: string | null) {
  await db
    .insert(consultantAvailability)
    .values({ consultantId, ...defaultAvailability, userId })
    .onConflictDoUpdate({ target: consultantAvailability.consultantId, set: { userId } });
}

export async function staffAccounts(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, ['consultant', 'admin']))
    .orderBy(asc(users.name));
}

export async function findStaffAccount(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row && (row.role === 'consultant' || row.role === 'admin') ? row : null;
}
