import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GuidanceProfile, SavedGuidanceResult } from '../../../shared/schemas/guidance.ts';
import { users } from './auth.ts';

/**
 * Guidance a signed-in student asked for (issue 11 item 4): the profile and what the engine
 * answered then (program ids, reasons, warnings). Consultants read the latest beside the
 * student's application. Goes with the account (cascade).
 */
export const savedGuidance = pgTable(
  'saved_guidance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile: jsonb('profile').$type<GuidanceProfile>().notNull(),
    results: jsonb('results').$type<SavedGuidanceResult[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_guidance_user_idx').on(t.userId, t.createdAt),
    index('saved_guidance_created_idx').on(t.createdAt),
  ],
);
