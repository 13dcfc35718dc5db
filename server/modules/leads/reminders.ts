import { and, eq, isNotNull, lte, ne, or, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { leads, users } from '../../db/schema/index.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';
import * as repo from './repository.ts';
import { londonToday } from './service.ts';

const kindNames = {
  referral: 'referral',
  partnership: 'partnership request',
  booking: 'consultation booking',
  guidance: 'saved guidance session',
} as const;

/**
 * The owner of an open lead hears on its follow-up date (UK calendar) that it is due: one e-mail per
 * date, claimed by the update that marks it in the transaction that writes the e-mail (once across
 * instances). Staff e-mails are in English, like the rest of the console's mail.
 */
export async function sendLeadReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const today = londonToday(now);
  return app.db.transaction(async (tx: Db) => {
    const due = await tx
      .update(leads)
      .set({ remindedFor: sql`${leads.followUpOn}` })
      .where(
        and(
          isNotNull(leads.followUpOn),
          lte(leads.followUpOn, today),
          ne(leads.stage, 'closed'),
          isNotNull(leads.ownerId),
          or(isNull(leads.remindedFor), sql`${leads.remindedFor} <> ${leads.followUpOn}`),
        ),
      )
      .returning();
    const words = mailText('en');
    for (const row of due) {
      const [owner] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, row.ownerId!));
      const sourceId = row[repo.keyOf(row.kind)]!;
      const lead = await repo.findLead(tx, row.kind, sourceId);
      if (!owner || !lead) continue;
      await app.mailer.enqueue(tx, {
        to: owner.email,
        ...renderMail(
          {
            subject: `Follow up today: ${userText(lead.name)} (${kindNames[row.kind]})`,
            heading: 'A lead is due for follow-up',
            paragraphs: [
              `${userText(lead.name)}, ${kindNames[row.kind]}, stage: ${lead.stage}. Follow-up date: ${row.followUpOn}.`,
            ],
            action: {
              label: 'Open the leads',
              url: `${app.config.publicUrl}/staff/leads?owner=me&due=1`,
            },
          },
          words,
        ),
      });
    }
    return due.length;
  });
}

export function scheduleLeadReminders(app: FastifyInstance) {
  app.scheduler.schedule('leads.follow-up-reminders', {
    everySeconds: 3_600,
    run: async () => void (await sendLeadReminders(app)),
  });
}
