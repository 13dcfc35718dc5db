import type { FastifyInstance } from 'fastify';
import { computeSlots, isFreeSlot } from '../../../shared/booking-slots.ts';
import type { Locale } from '../../../shared/locales.ts';
import {
  maxFutureBookingsPerPerson,
  type BookingInput,
  type BookingView,
  type Slot,
  type SlotList,
} from '../../../shared/schemas/booking.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { bookingMails } from './emails.ts';
import * as repo from './repository.ts';
import { hashSecret, newManageSecret, newRoomName, roomUrl } from './rooms.ts';

const day = 86_400_000;

const consultantNotFound = () =>
  new NotFoundError('CONSULTANT_NOT_FOUND', 'This consultant is not taking bookings.');
/** A wrong token and an unknown booking answer alike: nobody learns which bookings exist. */
const bookingNotFound = () =>
  new NotFoundError(
    'BOOKING_NOT_FOUND',
    'This booking link is not valid. Please check your e-mail.',
  );
const slotTaken = () =>
  new AppError('SLOT_TAKEN', 409, 'This time was just taken. Please choose another.');
const slotNotFree = () =>
  new AppError(
    'SLOT_NOT_AVAILABLE',
    409,
    'This time is not free. Please choose one of the times shown.',
  );
const tooManyBookings = () =>
  new AppError('TOO_MANY_BOOKINGS', 409, undefined, { max: maxFutureBookingsPerPerson });
const bookingClosed = () =>
  new AppError(
    'BOOKING_CLOSED',
    409,
    'This consultation is cancelled or over and cannot be changed.',
  );

/** PostgreSQL's exclusion_violation, wherever the driver wrapped it. */
function isOverlapRefusal(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23P01') return true;
  }
  return false;
}

export async function listSlots(
  db: Db,
  consultantId: string | 'any',
  from: number,
  days: number,
  now: number,
): Promise<SlotList> {
  const to = from + days * day;
  const chosen =
    consultantId === 'any'
      ? await repo.listActiveConsultants(db)
      : [await repo.findActiveConsultant(db, consultantId)].filter((c) => c !== null);
  if (chosen.length === 0) throw consultantNotFound();
  const byStart = new Map<number, Slot>();
  let zone: string | null = null;
  for (const consultant of chosen) {
    const availability = await repo.findAvailability(db, consultant.id);
    zone = consultantId === 'any' ? null : availability.timeZone;
    const busy = await repo.busyTimes(db, consultant.id, new Date(from - day), new Date(to + day));
    for (const s of computeSlots({ availability, busy, now, from, to })) {
      // "The first free consultant": each time goes to the first consultant (in the site's order) free then
      if (!byStart.has(s.start))
        byStart.set(s.start, {
          consultantId: consultant.id,
          startsAt: new Date(s.start).toISOString(),
          endsAt: new Date(s.end).toISOString(),
        });
    }
  }
  return {
    consultantTimeZone: zone,
    slots: [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot),
  };
}

/**
 * Checks `start` is one of the consultant's slots by their rules (else SLOT_NOT_AVAILABLE) and that
 * no booking holds it (else SLOT_TAKEN); returns its end. The database checks the overlap again.
 */
async function freeSlotEnd(db: Db, consultantId: string, start: number, except: string | null) {
  const availability = await repo.findAvailability(db, consultantId);
  const now = Date.now();
  if (!isFreeSlot({ availability, busy: [], now }, start)) throw slotNotFree();
  const busy = await repo.busyTimes(
    db,
    consultantId,
    new Date(start - day),
    new Date(start + day),
    except,
  );
  if (!isFreeSlot({ availability, busy, now }, start)) throw slotTaken();
  return start + availability.meetingMinutes * 60_000;
}

export interface Booker {
  userId: string | null;
  language: Locale;
  clientHash: string;
}

export function viewOf(
  app: FastifyInstance,
  b: repo.BookingRow,
  consultantName: string,
): BookingView {
  return {
    id: b.id,
    consultantId: b.consultantId,
    consultantName,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    status: b.status,
    channel: b.channel,
    name: b.name,
    topic: b.topic,
    timeZone: b.timeZone,
    roomUrl: b.channel === 'video' ? roomUrl(app.site.meetingBaseUrl, b.roomName) : null,
  };
}

/**
 * Books a slot. The slot must be free by the consultant's rules; the person (address and client)
 * may hold at most two future bookings; the database refuses an overlap (exclusion constraint),
 * which is how two confirmations at one instant end: one booking, one SLOT_TAKEN.
 */
export async function createBooking(
  app: FastifyInstance,
  input: BookingInput,
  booker: Booker,
): Promise<BookingView> {
  const consultant = await repo.findActiveConsultant(app.db, input.consultantId);
  if (!consultant) throw consultantNotFound();
  const start = Date.parse(input.startsAt);
  const end = await freeSlotEnd(app.db, consultant.id, start, null);
  const secret = newManageSecret();
  try {
    const row = await app.db.transaction(async (tx) => {
      await repo.lockPerson(tx, `booking-email\n${input.email.toLowerCase()}`);
      await repo.lockPerson(tx, `booking-client\n${booker.clientHash}`);
      const held = await repo.countFutureBookings(
        tx,
        { email: input.email, clientHash: booker.clientHash },
        new Date(),
      );
      if (held.byEmail >= maxFutureBookingsPerPerson || held.byClient >= maxFutureBookingsPerPerson)
        throw tooManyBookings();
      const inserted = await repo.insertBooking(tx, {
        consultantId: consultant.id,
        startsAt: new Date(start),
        endsAt: new Date(end),
        name: input.name,
        email: input.email,
        phone: input.phone,
        topic: input.topic,
        channel: input.channel,
        language: booker.language,
        timeZone: input.timeZone,
        userId: booker.userId,
        applicationId: input.applicationId,
        roomName: newRoomName(),
        manageTokenHash: secret.hash,
        clientHash: booker.clientHash,
      });
      await bookingMails(app).booked(tx, inserted, consultant.name, secret.token);
      return inserted;
    });
    return viewOf(app, row, consultant.name);
  } catch (error) {
    if (isOverlapRefusal(error)) throw slotTaken();
    throw error;
  }
}

/** The booking an e-mailed link opens: the id and the link's secret must match. */
export async function openManaged(db: Db, id: string, token: string) {
  const row = await repo.findBooking(db, id);
  if (!row || row.manageTokenHash !== hashSecret(token)) throw bookingNotFound();
  const consultant = await repo.findActiveConsultant(db, row.consultantId);
  return { row, consultantName: consultant?.name ?? '' };
}

function assertOpen(row: repo.BookingRow) {
  if (row.status !== 'confirmed' || row.startsAt.getTime() <= Date.now()) throw bookingClosed();
}

export async function cancelBooking(app: FastifyInstance, id: string, token: string) {
  const { row, consultantName } = await openManaged(app.db, id, token);
  assertOpen(row);
  const updated = await app.db.transaction(async (tx) => {
    const next = await repo.updateBooking(tx, row.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await bookingMails(app).cancelled(tx, next!, consultantName);
    return next!;
  });
  return viewOf(app, updated, consultantName);
}

export async function rescheduleBooking(
  app: FastifyInstance,
  id: string,
  token: string,
  startsAt: string,
) {
  const { row, consultantName } = await openManaged(app.db, id, token);
  assertOpen(row);
  const start = Date.parse(startsAt);
  const end = await freeSlotEnd(app.db, row.consultantId, start, row.id);
  try {
    const updated = await app.db.transaction(async (tx) => {
      const next = await repo.updateBooking(tx, row.id, {
        startsAt: new Date(start),
        endsAt: new Date(end),
        reminded24hAt: null,
        reminded1hAt: null,
      });
      await bookingMails(app).rescheduled(tx, next!, consultantName, token);
      return next!;
    });
    return viewOf(app, updated, consultantName);
  } catch (error) {
    if (isOverlapRefusal(error)) throw slotTaken();
    throw error;
  }
}
