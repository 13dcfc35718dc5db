import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailAttachment } from '../../lib/mailer/types.ts';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every e-mail the portal sends, written in the transaction of the change that causes it and
 * delivered by the mail worker (server/lib/mailer/worker.ts). An instance claims a message by
 * setting `locked_until` (FOR UPDATE SKIP LOCKED), so one instance sends each.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last failure, without addresses (SMTP answers may quote them). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Notices of one kind about one thing (the team's "new message" e-mail of a case) share a key:
     * at most one goes out per window, telling how many it stands for (`groupCount`).
     */
    groupKey: text('group_key'),
    groupCount: integer('group_count').notNull().default(1),
    /** Files sent with the message (a booking's .ics invitation), their content as text. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [
    index('mail_outbox_group_idx')
      .on(t.groupKey, t.createdAt)
      .where(sql`${t.groupKey} is not null`),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt.desc()),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Jobs that run on a schedule across all instances (server/lib/jobs/scheduler.ts): the instance
 * that claims a due row runs it once and sets the next run.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Storage objects that no document row may reference yet (an upload under way) or any more (a
 * deletion under way). Written before the object, removed in the transaction that records the
 * document; whatever is left after a crash is deleted by the reconciliation job.
 */
export const pendingObjects = pgTable('pending_objects', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
