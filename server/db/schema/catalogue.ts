import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Catalogue rows are loaded from server/db/catalogue at start; ones removed from the files become inactive. */
export const universities = pgTable('universities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  ranking: integer('ranking').notNull(),
  logo: text('logo').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const programs = pgTable(
  'programs',
  {
    id: text('id').primaryKey(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id),
    name: text('name').notNull(),
    level: text('level').notNull(),
    duration: text('duration').notNull(),
    intake: text('intake').notNull(),
    requirements: text('requirements').notNull(),
    tuition: text('tuition').notNull(),
    category: text('category').notNull(),
    url: text('url').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('programs_university_id_idx').on(t.universityId)],
);

export const consultants = pgTable('consultants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  nationality: text('nationality').notNull(),
  image: text('image').notNull(),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
