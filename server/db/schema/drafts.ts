import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DraftContent } from '../../../shared/schemas/draft.ts';
import { users } from './auth.ts';

/**
 * An application form not yet sent (issue 25 §1): one per account (`userId`), or one per
 * "continue later" link a signed-out student asked for (`linkHash`, the SHA-256 of the secret in
 * the e-mailed link's fragment, and the address it went to). The passport number is encrypted as
 * on applications (server/lib/field-cipher.ts); the rest of the typed values are in `content`.
 * Deleted on submission, with the account or address, and 30 days after its last change.
 */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkHash: text('link_hash').unique(),
    email: text('email'),
    content: jsonb('content').$type<DraftContent>().notNull(),
    passportNumber: text('passport_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_drafts_updated_at_idx').on(t.updatedAt),
    check(
      'application_drafts_owner',
      sql`(${t.userId} is not null) <> (${t.linkHash} is not null and ${t.email} is not null)`,
    ),
  ],
);
