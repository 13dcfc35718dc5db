import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bookings, consultants } from '../../db/schema/index.ts';
import { reminderMail } from './emails.ts';

const hour = 3_600_000;

/**
 * Reminders 24 hours and 1 hour before (issue 27), through the outbox. Each booking is claimed by
 * the update that marks it, in the transaction that writes the e-mail: sent once across instances.
 * A booking made less than a day ahead gets only the hour's reminder.
 */
export async function sendDueReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  return app.db.transaction(async (tx: Db) => {
    const day = await tx
      .update(bookings)
      .set({ reminded24hAt: now })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminded24hAt),
          lte(bookings.startsAt, new Date(now.getTime() + 24 * hour)),
          gt(bookings.startsAt, new Date(now.getTime() + hour)),
          lte(bookings.createdAt, sql`${bookings.startsAt} - interval '23 hours'`),
        ),
      )
      .returning();
    const soon = await tx
      .update(bookings)
      .set({ reminded1hAt: now, reminded24hAt: sql`coalesce(${bookings.reminded24hAt}, ${now})` })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminded1hAt),
          lte(bookings.startsAt, new Date(now.getTime() + hour)),
          gt(bookings.startsAt, now),
        ),
      )
      .returning();
    const names = new Map(
      (await tx.select({ id: consultants.id, name: consultants.name }).from(consultants)).map(
        (c) => [c.id, c.name],
      ),
    );
    for (const b of day)
      await app.mailer.enqueue(tx, reminderMail(app, b, names.get(b.consultantId) ?? '', 'day'));
    for (const b of soon)
      await app.mailer.enqueue(tx, reminderMail(app, b, names.get(b.consultantId) ?? '', 'hour'));
    return day.length + soon.length;
  });
}

export function scheduleReminders(app: FastifyInstance) {
  app.scheduler.schedule('bookings.reminders', {
    everySeconds: 300,
    run: async () => void (await sendDueReminders(app)),
  });
}
