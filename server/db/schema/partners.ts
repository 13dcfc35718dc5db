import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commissionRateKinds } from '../../../shared/schemas/partners.ts';
import { users } from './auth.ts';
import { universities } from './catalogue.ts';
import { partnerships } from './referrals.ts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * D20 (decision 0041): a partnership request, once accepted, is a partner organisation. Its users
 * (role `partner`) are in partner_members. `shareBp` is the partner's share of the agency's
 * commission, in basis points (10,000 = all of it).
 */
export const partnerOrganisations = pgTable(
  'partner_organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    partnershipId: uuid('partnership_id')
      .unique('partner_organisations_partnership_unique')
      .references(() => partnerships.id, { onDelete: 'set null' }),
    shareBp: integer('share_bp').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('partner_organisations_share_check', sql`${t.shareBp} between 0 and 10000`)],
);

export const partnerMembers = pgTable(
  'partner_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partnerOrganisations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_members_partner_idx').on(t.partnerId)],
);

/** An admin's commission terms for one university: a percentage of first-year tuition, or a fixed amount. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    universityId: text('university_id')
      .primaryKey()
      .references(() => universities.id),
    kind: text('kind').$type<(typeof commissionRateKinds)[number]>().notNull(),
    /** `percent`: basis points of first-year tuition (1,500 = 15%). */
    rateBp: integer('rate_bp'),
    /** `fixed`: the amount in pence. */
    fixedPence: integer('fixed_pence'),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'commission_rates_kind_check',
      sql.raw(
        `(kind = 'percent' and rate_bp between 0 and 10000 and fixed_pence is null) or (kind = 'fixed' and fixed_pence >= 0 and rate_bp is null)`,
      ),
    ),
    check('commission_rates_kinds_check', sql.raw(`kind in (${list(commissionRateKinds)})`)),
  ],
);
