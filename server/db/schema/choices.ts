import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  choiceDecisions,
  choiceReplies,
  type ChoiceDecision,
  type ChoiceReply,
} from '../../../shared/application-choices.ts';
import { applications } from './applications.ts';
import { users } from './auth.ts';
import { programs, universities } from './catalogue.ts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * D18: one row per university an application goes to (position 1 is the chosen program's
 * university). Names are kept as they were when the choice was made, like the application's.
 * `version` goes up on every change: a staff page acting on an older one is answered 409.
 */
export const applicationChoices = pgTable(
  'application_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id),
    universityName: text('university_name').notNull(),
    programId: text('program_id').references(() => programs.id),
    programName: text('program_name'),
    sentOn: date('sent_on', { mode: 'string' }),
    reference: text('reference'),
    decision: text('decision').$type<ChoiceDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A conditional offer's conditions, one line each. */
    conditions: jsonb('conditions').$type<string[]>().notNull().default([]),
    conditionsMetOn: date('conditions_met_on', { mode: 'string' }),
    /** Why it was unsuccessful or withdrawn (optional). */
    reason: text('reason'),
    replyDeadline: date('reply_deadline', { mode: 'string' }),
    reply: text('reply').$type<ChoiceReply>(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The reminders sent before the reply deadline (days before: 7, 2), so each goes once. */
    remindersSent: integer('reminders_sent')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('application_choices_position_unique').on(t.applicationId, t.position),
    unique('application_choices_university_unique').on(t.applicationId, t.universityId),
    check(
      'application_choices_decision_check',
      sql.raw(`decision is null or decision in (${list(choiceDecisions)})`),
    ),
    check(
      'application_choices_reply_check',
      sql.raw(
        `reply is null or (reply in (${list(choiceReplies)}) and decision in ('conditional_offer', 'unconditional_offer'))`,
      ),
    ),
    check('application_choices_position_check', sql`${t.position} between 1 and 10`),
    // the staff queue's choice filters: "awaiting decision" and "offer awaiting reply"
    index('application_choices_awaiting_decision_idx')
      .on(t.applicationId)
      .where(sql`${t.sentOn} is not null and ${t.decision} is null`),
    index('application_choices_awaiting_reply_idx')
      .on(t.applicationId)
      .where(
        sql`${t.decision} in ('conditional_offer', 'unconditional_offer') and ${t.reply} is null`,
      ),
    index('application_choices_reply_deadline_idx')
      .on(t.replyDeadline)
      .where(sql`${t.replyDeadline} is not null and ${t.reply} is null`),
  ],
);

/** The timeline of a choice: each recorded fact, who recorded it (null: the applicant) and when. */
export const applicationChoiceEvents = pgTable(
  'application_choice_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    choiceId: uuid('choice_id')
      .notNull()
      .references(() => applicationChoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_choice_events_choice_idx').on(t.choiceId, t.createdAt)],
);

/** Offer letters and the university's correspondence: files of a choice, checked like every upload. */
export const applicationChoiceDocuments = pgTable(
  'application_choice_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    choiceId: uuid('choice_id')
      .notNull()
      .references(() => applicationChoices.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_choice_documents_choice_idx').on(t.choiceId, t.createdAt)],
);
