import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What is left of an application when its applicant's account is deleted (UK GDPR article 17):
 * no person, only what statistics need (program, university, status reached, month submitted).
 */
export const erasedApplications = pgTable(
  'erased_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: text('program_id').notNull(),
    programLevel: text('program_level').notNull(),
    universityId: text('university_id').notNull(),
    status: text('status').notNull(),
    /** The first day of the month it was submitted in. */
    submittedMonth: date('submitted_month', { mode: 'string' }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erased_applications_erased_at_idx').on(t.erasedAt)],
);
