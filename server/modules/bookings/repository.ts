import { and, asc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  applications,
  bookings,
  consultantAvailability,
  consultants,
} from '../../db/schema/index.ts';
import { defaultAvailability, type Availability } from '../../../shared/schemas/booking.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

export async function findActiveConsultant(db: Db, id: string) {
  const [row] = await db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultants)
    .where(and(eq(consultants.id, id), eq(consultants.active, true)));
  return row ?? null;
}

export async function listActiveConsultants(db: Db) {
  return db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.sortOrder));
}

export async function findAvailability(db: Db, consultantId: string): Promise<Availability> {
  const [row] = await db
    .select()
    .from(consultantAvailability)
    .where(eq(consultantAvailability.consultantId, consultantId));
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

export async function saveAvailability(db: Db, consultantId: string, a: Availability) {
  await db
    .insert(consultantAvailability)
    .values({ consultantId, ...a })
    .onConflictDoUpdate({
      target: consultantAvailability.consultantId,
      set: { ...a, updatedAt: new Date() },
    });
}

/** The times a consultant's bookings hold (cancelled ones hold nothing) that end after `from`. */
export async function busyTimes(
  db: Db,
  consultantId: string,
  from: Date,
  to: Date,
  except: string | null = null,
) {
  const rows = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.consultantId, consultantId),
        ne(bookings.status, 'cancelled'),
        gt(bookings.endsAt, from),
        lt(bookings.startsAt, to),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return rows.map((r) => ({ start: r.start.getTime(), end: r.end.getTime() }));
}

/** Serialises bookings of one person (address or client) until the transaction ends. */
export async function lockPerson(tx: Db, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 27))`);
}

/** Future bookings still on, by e-mail address (any case) or by client. */
export async function countFutureBookings(
  db: Db,
  who: { email: string; clientHash: string },
  now: Date,
  except: string | null = null,
) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where lower(${bookings.email}) = ${who.email.toLowerCase()})`,
      byClient: sql<number>`count(*) filter (where ${bookings.clientHash} = ${who.clientHash})`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gte(bookings.startsAt, now),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return { byEmail: Number(row?.byEmail ?? 0), byClient: Number(row?.byClient ?? 0) };
}

export async function insertBooking(db: Db, values: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

export async function updateBooking(db: Db, id: string, set: Partial<NewBooking>) {
  const [row] = await db
    .update(bookings)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row ?? null;
}

/** True when the application is this account's own. */
export async function ownsApplication(db: Db, userId: string, applicationId: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
  return row !== undefined;
}
