import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '../../../shared/application-status.ts';
import type { AnyDocumentKey } from '../../../shared/schemas/application.ts';
import type { RequestKind } from '../../../shared/schemas/casework.ts';
import { applicationDocuments, applications } from './applications.ts';
import { users } from './auth.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staff ask the applicant for a document or for information by a date; closed by the answer (issue 12, item 2). */
export const applicationRequests = pgTable(
  'application_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RequestKind>().notNull(),
    documentKey: text('document_key').$type<AnyDocumentKey>(),
    message: text('message').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    answerText: text('answer_text'),
    answerDocumentId: uuid('answer_document_id').references(() => applicationDocuments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('application_requests_application_idx').on(t.applicationId, t.createdAt),
    check('application_requests_kind_check', sql`${t.kind} in ('document', 'information')`),
    check(
      'application_requests_document_check',
      sql`(${t.kind} = 'document') = (${t.documentKey} is not null)`,
    ),
  ],
);

/** The one conversation of an application between the applicant and the team (not the internal notes). */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromTeam: boolean('from_team').notNull(),
    /** The staff member who wrote it; null for the applicant. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    attachmentStorageKey: text('attachment_storage_key').unique(),
    attachmentName: text('attachment_name'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    attachmentSha256: text('attachment_sha256'),
    createdAt: createdAt(),
  },
  (t) => [index('application_messages_application_idx').on(t.applicationId, t.createdAt)],
);

/** Admins: the working days each stage usually takes; a case past it is late. */
export const stageTimes = pgTable(
  'stage_times',
  {
    status: text('status').$type<ApplicationStatus>().primaryKey(),
    workingDays: integer('working_days').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stage_times_days_check', sql`${t.workingDays} between 1 and 120`)],
);
