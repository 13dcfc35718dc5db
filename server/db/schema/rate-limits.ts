import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance (rate-limiter-flexible's Drizzle store). Keys are
 * keyed hashes: neither client addresses nor e-mail addresses are stored.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
