import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type {
  AgendaBooking,
  AgendaPage,
  AttendanceInput,
  Availability,
  AvailabilityPage,
} from '../../../shared/schemas/booking.ts';
import type { BookingRow } from './repository.ts';
import { viewOf } from './service.ts';
import * as repo from './staff-repository.ts';

const day = 86_400_000;

const consultantNotFound = () =>
  new NotFoundError('CONSULTANT_NOT_FOUND', 'This consultant is not one you can manage.');
const bookingNotFound = () => new NotFoundError('BOOKING_NOT_FOUND', 'Booking not found.');
const changedMeanwhile = (what: 'booking' | 'availability') =>
  new AppError(
    what === 'booking' ? 'BOOKING_CHANGED_MEANWHILE' : 'AVAILABILITY_CHANGED_MEANWHILE',
    409,
  );

/** An admin manages every consultant; a consultant the consultant(s) their account is linked to. */
export async function manageableConsultants(db: Db, user: SessionUser) {
  return user.role === 'admin' ? repo.allConsultants(db) : repo.consultantsOfAccount(db, user.id);
}

async function assertManages(db: Db, user: SessionUser, consultantId: string) {
  const mine = await manageableConsultants(db, user);
  if (!mine.some((c) => c.id === consultantId)) throw consultantNotFound();
}

function agendaBooking(
  app: FastifyInstance,
  b: BookingRow,
  consultantName: string,
  application: { program: string | null; university: string | null },
): AgendaBooking {
  return {
    ...viewOf(app, b, consultantName),
    email: b.email,
    phone: b.phone,
    applicationId: b.applicationId,
    applicationTitle:
      b.applicationId && application.program
        ? `${application.program} · ${application.university ?? ''}`
        : null,
    staffNote: b.staffNote,
    version: b.updatedAt.toISOString(),
  };
}

export async function agenda(
  app: FastifyInstance,
  user: SessionUser,
  query: { from?: string; days: number; consultantId?: string },
): Promise<AgendaPage> {
  const mine = await manageableConsultants(app.db, user);
  const shown = query.consultantId ? mine.filter((c) => c.id === query.consultantId) : mine;
  if (query.consultantId && shown.length === 0) throw consultantNotFound();
  // From the start of today in UTC unless asked otherwise: this morning's meetings stay on it.
  const from = query.from ? new Date(query.from) : new Date(new Date().setUTCHours(0, 0, 0, 0));
  const to = new Date(from.getTime() + query.days * day);
  const rows = await repo.agendaRows(
    app.db,
    shown.map((c) => c.id),
    from,
    to,
  );
  return {
    consultants: mine,
    bookings: rows.map((r) =>
      agendaBooking(app, r.booking, r.consultantName, {
        program: r.programName,
        university: r.universityName,
      }),
    ),
  };
}

export async function markAttendance(
  app: FastifyInstance,
  user: SessionUser,
  id: string,
  input: AttendanceInput,
): Promise<AgendaBooking> {
  const found = await repo.findAgendaRow(app.db, id);
  if (!found) throw bookingNotFound();
  const mine = await manageableConsultants(app.db, user);
  const consultant = mine.find((c) => c.id === found.consultantId);
  if (!consultant) throw bookingNotFound();
  if (found.status === 'cancelled')
    throw new AppError('BOOKING_CLOSED', 409, 'This consultation was cancelled.');
  if (input.status && input.status !== 'confirmed' && found.startsAt.getTime() > Date.now())
    throw new AppError(
      'BOOKING_NOT_STARTED',
      409,
      'A consultation can be marked held or missed once it has started.',
    );
  const updated = await repo.markBooking(app.db, id, new Date(input.version), {
    ...(input.status ? { status: input.status } : {}),
    ...(input.note !== undefined ? { staffNote: input.note || null } : {}),
  });
  if (!updated) throw changedMeanwhile('booking');
  return agendaBooking(app, updated, consultant.name, { program: null, university: null });
}

export async function availabilityPage(db: Db, user: SessionUser): Promise<AvailabilityPage> {
  const mine = await manageableConsultants(db, user);
  const rows = await repo.availabilityRows(
    db,
    mine.map((c) => c.id),
  );
  return {
    entries: rows.map((r) => ({
      consultantId: r.consultantId,
      name: r.name,
      availability: repo.availabilityOf(r.row),
      version: r.row ? r.row.updatedAt.toISOString() : null,
      account:
        r.row?.userId && r.accountEmail
          ? { id: r.row.userId, name: r.accountName ?? '', email: r.accountEmail }
          : null,
    })),
    staff: user.role === 'admin' ? await repo.staffAccounts(db) : [],
  };
}

export async function saveAvailability(
  db: Db,
  user: SessionUser,
  consultantId: string,
  availability: Availability,
  version: string | null,
) {
  await assertManages(db, user, consultantId);
  const saved = await repo.saveAvailabilityAt(
    db,
    consultantId,
    availability,
    version === null ? null : new Date(version),
  );
  if (!saved) throw changedMeanwhile('availability');
  return availabilityPage(db, user);
}

/** An admin says which staff account is this consultant (or none). */
export async function linkConsultantAccount(
  db: Db,
  user: SessionUser,
  consultantId: string,
  userId: string | null,
) {
  await assertManages(db, user, consultantId);
  if (userId && !(await repo.findStaffAccount(db, userId)))
    throw new NotFoundError('USER_NOT_FOUND', 'No staff account with this id.');
  try {
    await repo.linkAccount(db, consultantId, userId);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw new AppError(
        'ACCOUNT_ALREADY_LINKED',
        409,
        'This account is already linked to another consultant.',
      );
    throw error;
  }
  return availabilityPage(db, user);
}
