import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContactRequestStatus } from '../../../shared/staff-workflow.ts';
import { applications } from './applications.ts';
import { users } from './auth.ts';
import { partnerships, referrals } from './referrals.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staff-only remarks on an application; no applicant-facing query reads this table. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * What staff did, for admins to read. Rows are only ever inserted. The actor is null for the
 * command line (`admin:create`); `details` holds what the subject looked like (from/to, e-mail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/** A deactivated account keeps its data but cannot sign in (checked when a session is created). */
export const userDeactivations = pgTable('user_deactivations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deactivatedBy: uuid('deactivated_by').references(() => users.id, { onDelete: 'set null' }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who marked a referral or partnership request contacted or closed, and when. The request's own
 * `status` column holds the latest state; this is its history.
 */
export const contactRequestEvents = pgTable(
  'contact_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
    partnershipId: uuid('partnership_id').references(() => partnerships.id, {
      onDelete: 'cascade',
    }),
    status: text('status').$type<ContactRequestStatus>().notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_request_events_referral_idx').on(t.referralId, t.createdAt),
    index('contact_request_events_partnership_idx').on(t.partnershipId, t.createdAt),
    check(
      'contact_request_events_one_request',
      sql`num_nonnulls(${t.referralId}, ${t.partnershipId}) = 1`,
    ),
    check(
      'contact_request_events_status_check',
      sql`${t.status} in ('new', 'contacted', 'closed')`,
    ),
  ],
);
