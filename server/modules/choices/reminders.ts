import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isoDay } from '../../../shared/schemas/casework.ts';
import { applicationChoices, applications } from '../../db/schema/index.ts';
import { mailedTrackingLink } from '../casework/access.ts';
import { replyReminderMail } from './emails.ts';

/** A reminder goes this many days before an offer's reply deadline (issue 24). */
export const reminderDays = [7, 2] as const;

/**
 * Once a day: every open offer (not answered, application open and reachable) whose deadline is
 * 7 or 2 days away, or closer and not yet reminded at that step, gets its e-mail once; the step is
 * stored with the e-mail in one transaction, so a second run or instance sends nothing again.
 */
export async function sendReplyReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  let sent = 0;
  const today = isoDay(0, now);
  for (const days of reminderDays) {
    const until = isoDay(days, now);
    const due = await app.db
      .select({ id: applicationChoices.id })
      .from(applicationChoices)
      .innerJoin(applications, eq(applications.id, applicationChoices.applicationId))
      .where(
        and(
          isNotNull(applicationChoices.replyDeadline),
          isNull(applicationChoices.reply),
          sql`${applicationChoices.decision} in ('conditional_offer', 'unconditional_offer')`,
          sql`${applicationChoices.replyDeadline} between ${today} and ${until}`,
          sql`not (${days} = any(${applicationChoices.remindersSent}))`,
          isNull(applications.outcome),
          isNull(applications.erasureRequestedAt),
        ),
      );
    for (const { id } of due) {
      sent += await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(applicationChoices)
          .where(
            and(
              eq(applicationChoices.id, id),
              isNull(applicationChoices.reply),
              sql`not (${days} = any(${applicationChoices.remindersSent}))`,
            ),
          )
          .for('update');
        if (!row?.replyDeadline) return 0;
        const [application] = await tx
          .select()
          .from(applications)
          .where(eq(applications.id, row.applicationId));
        if (!application) return 0;
        // a later step covers an earlier one that was never sent (an offer made 3 days before its deadline)
        const covered = reminderDays.filter((d) => d >= days);
        await tx
          .update(applicationChoices)
          .set({
            remindersSent: [...new Set([...row.remindersSent, ...covered])],
          })
          .where(eq(applicationChoices.id, id));
        const left = Math.round(
          (Date.parse(`${row.replyDeadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) /
            86_400_000,
        );
        await app.mailer.enqueue(
          tx,
          replyReminderMail(application, row, left, mailedTrackingLink(app, application.id)),
        );
        return 1;
      });
    }
  }
  return sent;
}

export function registerReplyReminders(app: FastifyInstance): void {
  app.scheduler.schedule('choices.reply-reminders', {
    everySeconds: 86_400,
    offsetSeconds: 8 * 3_600,
    run: async () => void (await sendReplyReminders(app)),
  });
}
