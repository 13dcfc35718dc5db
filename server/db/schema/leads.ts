import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leadKinds, leadStages, type LeadKind, type LeadStage } from '../../../shared/leads.ts';
import { users } from './auth.ts';
import { bookings } from './bookings.ts';
import { savedGuidance } from './guidance.ts';
import { partnerships, referrals } from './referrals.ts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * How the team works a lead (issue 28 §1): a referral, a partnership request, a consultation booking
 * or a guidance session saved by a signed-in student. The lead itself is that row; this one holds
 * the team's side (owner, stage, next follow-up) and is written on the first change: a lead without
 * it is new, unowned, version 0. `version` goes up on every change: a save from an older one is 409.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LeadKind>().notNull(),
    referralId: uuid('referral_id')
      .unique()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    partnershipId: uuid('partnership_id')
      .unique()
      .references(() => partnerships.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    savedGuidanceId: uuid('saved_guidance_id')
      .unique()
      .references(() => savedGuidance.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    stage: text('stage').$type<LeadStage>().notNull().default('new'),
    closedReason: text('closed_reason'),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** The follow-up date whose reminder was sent to the owner (once per date). */
    remindedFor: date('reminded_for', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('leads_kind_check', sql.raw(`kind in (${list(leadKinds)})`)),
    check('leads_stage_check', sql.raw(`stage in (${list(leadStages)})`)),
    check(
      'leads_one_source',
      sql`num_nonnulls(${t.referralId}, ${t.partnershipId}, ${t.bookingId}, ${t.savedGuidanceId}) = 1`,
    ),
    check(
      'leads_closed_reason_check',
      sql`(${t.stage} = 'closed') = (${t.closedReason} is not null)`,
    ),
    index('leads_owner_stage_idx').on(t.ownerId, t.stage),
    index('leads_follow_up_idx')
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null and ${t.stage} <> 'closed'`),
  ],
);
