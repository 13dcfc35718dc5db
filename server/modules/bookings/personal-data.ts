import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import type { DataSubject, PersonalDataSource } from '../personal-data/registry.ts';

/** The person's bookings: made signed in with their account, or with their address. */
const ofSubject = (subject: DataSubject): SQL =>
  or(
    subject.userId ? eq(bookings.userId, subject.userId) : undefined,
    sql`lower(${bookings.email}) = ${subject.email.toLowerCase()}`,
  )!;

/**
 * Consultations (issue 27) in "Download my data" and erased with the person: erasing deletes the
 * rows, so a future booking's time is free again at once.
 */
export const bookingsSource: PersonalDataSource = {
  name: 'bookings',
  async collect(app, subject) {
    const rows = await app.db
      .select({
        consultantId: bookings.consultantId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        status: bookings.status,
        name: bookings.name,
        email: bookings.email,
        phone: bookings.phone,
        topic: bookings.topic,
        channel: bookings.channel,
        language: bookings.language,
        timeZone: bookings.timeZone,
        applicationId: bookings.applicationId,
        staffNote: bookings.staffNote,
        createdAt: bookings.createdAt,
        cancelledAt: bookings.cancelledAt,
      })
      .from(bookings)
      .where(ofSubject(subject))
      .orderBy(asc(bookings.startsAt));
    return { data: rows };
  },
  async erase(_app, tx, subject) {
    const removed = await tx
      .delete(bookings)
      .where(ofSubject(subject))
      .returning({ id: bookings.id });
    return { counts: { bookings: removed.length } };
  },
};
