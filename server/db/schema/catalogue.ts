import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 25 §2: each save names the version it was based on; a stale one gets 409. */
  version: integer('version').notNull().default(1),
};

/** One intake of a program: the month it starts and its application deadline (null: none published). */
export interface ProgramIntake {
  month: string;
  deadline: string | null;
}

/**
 * The catalogue lives in the database (D11): server/db/catalogue seeds the first start only
 * (catalogue_seed records it), then the database is the source of truth.
 */
export const universities = pgTable('universities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The name in the site's other languages, by locale (issue 26 §4); searches match them. */
  names: jsonb('names')
    .$type<Partial<Record<'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr', string>>>()
    .notNull()
    .default({}),
  location: text('location').notNull(),
  region: text('region').notNull().default(''),
  website: text('website').notNull().default(''),
  ranking: integer('ranking').notNull(),
  logo: text('logo').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** The subject categories the team manages; a program lists one or more, the first is its main one. */
export const programCategories = pgTable('program_categories', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
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
    description: text('description').notNull().default(''),
    /** The spec's "Entry requirements" text. */
    requirements: text('requirements').notNull(),
    /** GBP per year for international students, for `feeYear` (e.g. 2025/26). */
    tuitionGbp: integer('tuition_gbp').notNull(),
    feeYear: text('fee_year').notNull(),
    ieltsOverall: real('ielts_overall').notNull(),
    ieltsMinComponent: real('ielts_min_component').notNull(),
    englishEquivalents: text('english_equivalents').notNull().default(''),
    /** A UK degree class (First, 2:1, 2:2) for Masters; A-level grades or UCAS points for Bachelors. */
    academicLevel: text('academic_level').notNull(),
    academicRequirement: text('academic_requirement').notNull().default(''),
    intakes: jsonb('intakes').$type<ProgramIntake[]>().notNull(),
    durationMonths: smallint('duration_months').notNull(),
    studyMode: text('study_mode').notNull().default('Full-time'),
    categories: text('categories').array().notNull(),
    /** The official course page; null when only the university's home page is known. */
    url: text('url'),
    lastChecked: date('last_checked'),
    active: boolean('active').notNull().default(true),
    /** UK Academic Technology Approval Scheme certificate needed before the visa (issue 12, item 6). */
    atasRequired: boolean('atas_required').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('programs_university_id_idx').on(t.universityId)],
);

/** Figures about studying in the UK (visa funds, visa fee, health surcharge), each with its date and source (D11). */
export const ukCostFigures = pgTable(
  'uk_cost_figures',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    amountGbp: integer('amount_gbp').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    source: text('source').notNull(),
    sourceUrl: text('source_url').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('uk_cost_figures_kind_idx').on(t.kind, t.effectiveFrom)],
);

/** One row once the files have seeded the catalogue; from then on the database is the truth. */
export const catalogueSeed = pgTable('catalogue_seed', {
  id: integer('id').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The home page's three Latest Updates (issue 26 §3): config/site.json seeds them on the first
 * start, then admins and catalogue editors edit them in the console, in each of the six languages.
 */
export const latestUpdates = pgTable('latest_updates', {
  key: text('key').primaryKey(),
  title: jsonb('title')
    .$type<Record<'en' | 'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr', string>>()
    .notNull(),
  summary: jsonb('summary')
    .$type<Record<'en' | 'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr', string>>()
    .notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull(),
  ...timestamps,
});

export const consultants = pgTable('consultants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** In English; `roleByLanguage` holds it in each of the site's six languages (issue 26 §3). */
  role: text('role').notNull(),
  nationality: text('nationality').notNull(),
  roleByLanguage: jsonb('role_by_language')
    .$type<Record<'en' | 'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr', string>>()
    .notNull()
    .default({} as never),
  nationalityByLanguage: jsonb('nationality_by_language')
    .$type<Record<'en' | 'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr', string>>()
    .notNull()
    .default({} as never),
  image: text('image').notNull(),
  /** The consultant's own WhatsApp number (E.164); none means the provider's number (D8). */
  whatsappNumber: text('whatsapp_number'),
  /** The consultant's own video room name on the configured meeting service. */
  meetingRoom: text('meeting_room'),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Logos uploaded in the console, as re-encoded PNG (never the uploaded bytes): kept in the
 * database so every instance serves them. A university's `logo` names one as `uploaded/<id>.png`.
 */
export const catalogueLogos = pgTable('catalogue_logos', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
