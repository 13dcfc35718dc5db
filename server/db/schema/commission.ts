import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commissionLineStatuses, commissionRateKinds } from '../../../shared/schemas/partners.ts';
import { applications } from './applications.ts';
import { partnerOrganisations } from './partners.ts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * One commission line per accepted application (its firm offer unconditional): what the agency
 * claims from the university and the partner's share of it, as integers in pence, computed once
 * with the terms then in force (kept on the line) and edited by admins with a version.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null if the application is ever erased: the money line stays for the accounts. */
    applicationId: uuid('application_id')
      .unique('commission_lines_application_unique')
      .references(() => applications.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partnerOrganisations.id, {
      onDelete: 'set null',
    }),
    universityId: text('university_id').notNull(),
    universityName: text('university_name').notNull(),
    programName: text('program_name'),
    intake: text('intake'),
    tuitionPence: integer('tuition_pence').notNull(),
    rateKind: text('rate_kind').$type<(typeof commissionRateKinds)[number]>().notNull(),
    rateBp: integer('rate_bp'),
    fixedPence: integer('fixed_pence'),
    shareBp: integer('share_bp').notNull().default(0),
    agencyPence: integer('agency_pence').notNull(),
    partnerPence: integer('partner_pence').notNull(),
    status: text('status')
      .$type<(typeof commissionLineStatuses)[number]>()
      .notNull()
      .default('expected'),
    invoicedOn: date('invoiced_on', { mode: 'string' }),
    paidOn: date('paid_on', { mode: 'string' }),
    cancelledOn: date('cancelled_on', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_lines_partner_idx').on(t.partnerId, t.createdAt.desc()),
    check('commission_lines_status_check', sql.raw(`status in (${list(commissionLineStatuses)})`)),
    check(
      'commission_lines_amounts_check',
      sql`${t.tuitionPence} >= 0 and ${t.agencyPence} >= 0 and ${t.partnerPence} between 0 and ${t.agencyPence}`,
    ),
  ],
);
