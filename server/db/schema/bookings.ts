import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/locales.ts';
import type {
  Availability,
  BookingStatus,
  MeetingChannel,
} from '../../../shared/schemas/booking.ts';
import { applications } from './applications.ts';
import { users } from './auth.ts';
import { consultants } from './catalogue.ts';

/**
 * A consultant's availability (issue 27), in their own time zone; a consultant without a row has
 * `defaultAvailability`. `userId` is the staff account that is this consultant: they edit their own.
 */
export const consultantAvailability = pgTable('consultant_availability', {
  consultantId: text('consultant_id')
    .primaryKey()
    .references(() => consultants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  timeZone: text('time_zone').notNull(),
  weekly: jsonb('weekly').$type<Availability['weekly']>().notNull(),
  breaks: jsonb('breaks').$type<Availability['breaks']>().notNull(),
  datesOff: jsonb('dates_off').$type<Availability['datesOff']>().notNull(),
  extraHours: jsonb('extra_hours').$type<Availability['extraHours']>().notNull(),
  meetingMinutes: integer('meeting_minutes').notNull().default(30),
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  minimumNoticeHours: integer('minimum_notice_hours').notNull().default(12),
  bookingWindowDays: integer('booking_window_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A consultation booked in a consultant's slot. The database refuses two bookings of one consultant
 * whose times overlap (`bookings_no_overlap`, an exclusion constraint written by hand in migration
 * 0022, btree_gist): a cancelled one no longer counts, so its time is free at once.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultantId: text('consultant_id')
      .notNull()
      .references(() => consultants.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic').notNull(),
    channel: text('channel').$type<MeetingChannel>().notNull(),
    language: text('language').$type<Locale>().notNull(),
    /** The student's zone when they booked: e-mails show times in it. */
    timeZone: text('time_zone').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    /** The video room's unguessable name on the configured meeting service. */
    roomName: text('room_name').notNull(),
    /** SHA-256 of the secret of the e-mailed manage link (the secret itself is never stored). */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** SHA-256 of the client address that booked, for the per-client limit (never the address). */
    clientHash: text('client_hash').notNull(),
    staffNote: text('staff_note'),
    reminded24hAt: timestamp('reminded_24h_at', { withTimezone: true }),
    reminded1hAt: timestamp('reminded_1h_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bookings_room_name_idx').on(t.roomName),
    index('bookings_consultant_starts_idx').on(t.consultantId, t.startsAt),
    index('bookings_email_starts_idx').on(sql`lower(${t.email})`, t.startsAt),
    index('bookings_client_starts_idx').on(t.clientHash, t.startsAt),
    index('bookings_user_idx').on(t.userId),
    index('bookings_created_idx').on(t.createdAt),
    check(
      'bookings_status_check',
      sql`${t.status} in ('confirmed', 'cancelled', 'held', 'no_show')`,
    ),
    check('bookings_channel_check', sql`${t.channel} in ('video', 'whatsapp')`),
    check('bookings_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** "Start Meeting" outside a booking: a fresh room, and the team told (issue 27). */
export const instantMeetings = pgTable(
  'instant_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultantId: text('consultant_id').references(() => consultants.id),
    purpose: text('purpose').notNull(),
    roomName: text('room_name').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instant_meetings_created_idx').on(t.createdAt)],
);
