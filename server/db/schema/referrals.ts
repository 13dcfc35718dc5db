import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/locales.ts';
import { users } from './auth.ts';
import { partnerOrganisations } from './partners.ts';

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
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    name: text('name').notNull(),
    ...contactColumns(),
    studentName: text('student_name'),
    studentEmail: text('student_email'),
    studentPhone: text('student_phone'),
    studyInterest: text('study_interest'),
    /** The language the referrer used on the form: e-mails to the referrer are written in it. */
    language: text('language').$type<Locale>(),
    /** The language the referrer chose for the student: the invitation to apply is written in it. */
    studentLanguage: text('student_language').$type<Locale>(),
    /**
     * The invitation to apply (issue 28 §1): SHA-256 of the secret in the e-mailed link's fragment
     * (the secret itself is never stored), when it was sent, and by whom. A new invitation replaces
     * the hash, so only the latest link opens the prefilled form.
     */
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The referrer was told (with the student's consent only) that the student was contacted / applied. */
    referrerToldContactedAt: timestamp('referrer_told_contacted_at', { withTimezone: true }),
    referrerToldAppliedAt: timestamp('referrer_told_applied_at', { withTimezone: true }),
    /**
     * The partner organisation whose signed-in user made the referral (D20): its dashboard lists
     * the student, and the application made from the invitation has the partner as its source.
     */
    partnerId: uuid('partner_id').references(() => partnerOrganisations.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('referrals_created_idx').on(t.createdAt),
    index('referrals_partner_idx')
      .on(t.partnerId, t.createdAt.desc())
      .where(sql`${t.partnerId} is not null`),
  ],
);

/**
 * E-mails written from the console about a referral (issue 28 §1): a reply to the referrer, or the
 * invitation to apply sent to the student. Kept on the referral; sent through the mail outbox.
 */
export const referralMessages = pgTable(
  'referral_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'reply' | 'invitation'>().notNull(),
    /** The text the staff member wrote (a reply's body, an invitation's optional note). */
    body: text('body').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_messages_referral_idx').on(t.referralId, t.createdAt),
    check('referral_messages_kind_check', sql`${t.kind} in ('reply', 'invitation')`),
  ],
);

export const partnerships = pgTable('partnerships', {
  id: id(),
  contactName: text('contact_name').notNull(),
  businessName: text('business_name').notNull(),
  ...contactColumns(),
  /** The language the contact used on the form: the partner portal's invitation is written in it. */
  language: text('language').$type<Locale>(),
});
