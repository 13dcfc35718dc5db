import { z } from 'zod';
import { isTimeZone, parseWallTime } from '../zoned-time.ts';
import { code } from '../error-codes.ts';
import { contactEmail, internationalPhone, requiredText } from './contact.ts';

/** A consultant's availability (issue 27, D19): all wall times are in the consultant's own zone. */

export const maxTopicLength = 1000;
export const maxFutureBookingsPerPerson = 2;

export const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'Choose a time zone from the list' });

const wallTime = z
  .string()
  .refine((v) => parseWallTime(v) !== null, { message: 'Write a time as HH:MM' });

export const localDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Write a date as YYYY-MM-DD');

const endsAfterStart = { message: 'The end must be after the start', path: ['end'] };
const startBeforeEnd = (s: { start: string; end: string }) =>
  parseWallTime(s.start)! < parseWallTime(s.end)!;
const weekday = z.number().int().min(1).max(7);
const weeklySpan = z
  .strictObject({ weekday, start: wallTime, end: wallTime })
  .refine(startBeforeEnd, endsAfterStart);
const datedSpan = z
  .strictObject({ date: localDate, start: wallTime, end: wallTime })
  .refine(startBeforeEnd, endsAfterStart);

export const availabilityInput = z.strictObject({
  timeZone,
  weekly: z.array(weeklySpan).max(50),
  breaks: z.array(weeklySpan).max(50),
  datesOff: z.array(localDate).max(400),
  extraHours: z.array(datedSpan).max(200),
  meetingMinutes: z.number().int().min(10).max(240),
  bufferMinutes: z.number().int().min(0).max(120),
  minimumNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14),
  bookingWindowDays: z.number().int().min(1).max(365),
});
export type Availability = z.output<typeof availabilityInput>;

/** Until a consultant sets their own: weekdays 09:00–17:00 London time, lunch 12:30–13:30. */
export const defaultAvailability: Availability = {
  timeZone: 'Europe/London',
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  breaks: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '12:30', end: '13:30' })),
  datesOff: [],
  extraHours: [],
  meetingMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeHours: 12,
  bookingWindowDays: 30,
};

export const meetingChannels = ['video', 'whatsapp'] as const;
export type MeetingChannel = (typeof meetingChannels)[number];

const optionalPhone = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  internationalPhone.nullable(),
);

export const bookingInput = z
  .strictObject({
    consultantId: z.string().min(1).max(100),
    startsAt: z.iso.datetime({ offset: true }),
    name: requiredText('Your name'),
    email: contactEmail,
    phone: optionalPhone.default(null),
    topic: requiredText('What you want to talk about', maxTopicLength),
    channel: z.enum(meetingChannels, { error: code('MEETING_CHANNEL_REQUIRED') }),
    applicationId: z.uuid().nullable().default(null),
    timeZone: timeZone.default('Europe/London'),
  })
  .superRefine((value, ctx) => {
    if (value.channel === 'whatsapp' && !value.phone)
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: code('WHATSAPP_NUMBER_REQUIRED'),
      });
  });
export type BookingInput = z.output<typeof bookingInput>;
export type BookingFormValues = z.input<typeof bookingInput>;

/** The secret of an e-mailed link, with the booking it opens (from the URL fragment). */
export const bookingSecret = z.strictObject({
  id: z.uuid(),
  token: z.string().min(20).max(200),
});

export const rescheduleInput = bookingSecret.extend({
  startsAt: z.iso.datetime({ offset: true }),
});

export const slotsQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
});

export interface Slot {
  consultantId: string;
  startsAt: string;
  endsAt: string;
}

export interface SlotList {
  consultantTimeZone: string | null;
  slots: Slot[];
}

export const bookingStatuses = ['confirmed', 'cancelled', 'held', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A booking as its student (with the e-mailed link's secret) and the team see it. */
export interface BookingView {
  id: string;
  consultantId: string;
  consultantName: string;
  startsAt: string;
  endsAt: string;
  status: string;
  channel: string;
  name: string;
  topic: string;
  timeZone: string;
  /** The private video room: only for the student (with the link's secret) and the team. */
  roomUrl: string | null;
}

/* ---- The team's side (issue 27): the agenda and the availability editor. ---- */

export const maxStaffNoteLength = 2000;

export const agendaQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  days: z.coerce.number().int().min(1).max(31).default(7),
  consultantId: z.string().min(1).max(100).optional(),
});

/** The updatedAt the editor read: a change made meanwhile answers 409. */
const version = z.iso.datetime({ offset: true });

export const attendanceInput = z
  .strictObject({
    status: z.enum(['confirmed', 'held', 'no_show']).optional(),
    note: z.string().trim().max(maxStaffNoteLength).nullable().optional(),
    version,
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, {
    message: 'Give a status or a note',
  });
export type AttendanceInput = z.output<typeof attendanceInput>;

export const availabilityUpdate = z.strictObject({
  availability: availabilityInput,
  /** Null when the consultant had no availability of their own yet. */
  version: version.nullable(),
});

export const consultantAccountInput = z.strictObject({ userId: z.uuid().nullable() });

export interface AgendaBooking extends BookingView {
  email: string;
  phone: string | null;
  applicationId: string | null;
  /** "Program · University" of the tied application, when there is one. */
  applicationTitle: string | null;
  staffNote: string | null;
  version: string;
}

export interface AgendaPage {
  /** The consultants whose agenda this is (a consultant: their own; an admin: all). */
  consultants: { id: string; name: string }[];
  bookings: AgendaBooking[];
}

export interface AvailabilityEntry {
  consultantId: string;
  name: string;
  availability: Availability;
  /** Null while the consultant has the default availability. */
  version: string | null;
  account: { id: string; name: string; email: string } | null;
}

export interface AvailabilityPage {
  entries: AvailabilityEntry[];
  /** For an admin: the staff accounts a consultant can be linked to. */
  staff: { id: string; name: string; email: string }[];
}

/** The availability editor's form: dates off as rows (a form array holds objects), else the same. */
export const availabilityForm = availabilityInput.extend({
  datesOff: z.array(z.strictObject({ date: localDate })).max(400),
});
export type AvailabilityFormValues = z.input<typeof availabilityForm>;
