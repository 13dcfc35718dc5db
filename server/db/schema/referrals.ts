import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Requests from the /refer page. `idempotency_key` is the client's key for one form fill: a double
 * click or a retried request finds the first row instead of storing a second. `status` is for the
 * staff list that comes later ('new' until someone picks it up).
 */
const id = () => uuid('id').primaryKey().defaultRandom();
const contactColumns = () => ({
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  status: text('status').notNull().default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  idempotencyKey: uuid('idempotency_key').notNull().unique(),
});

/**
 * `name`, `country`, `phone` and `email` are the referrer's (the spec's fields); the student referred
 * comes in `student_*` (name, and an e-mail or a phone) with what they want to study. Rows from
 * before these columns have none.
 */
export const referrals = pgTable('referrals', {
  id: id(),
  name: text('name').notNull(),
  ...contactColumns(),
  studentName: text('student_name'),
  studentEmail: text('student_email'),
  studentPhone: text('student_phone'),
  studyInterest: text('study_interest'),
});

export const partnerships = pgTable('partnerships', {
  id: id(),
  contactName: text('contact_name').notNull(),
  businessName: text('business_name').notNull(),
  ...contactColumns(),
});
