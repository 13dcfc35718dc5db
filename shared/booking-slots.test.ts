import { describe, expect, it } from 'vitest';
import { computeSlots, isFreeSlot, type Busy } from './booking-slots.ts';
import { defaultAvailability, type Availability } from './schemas/booking.ts';
import { wallTimeAt, zonedToInstant } from './zoned-time.ts';

const at = (iso: string) => Date.parse(iso);
const utc = (instants: { start: number }[]) =>
  instants.map((s) => new Date(s.start).toISOString().slice(0, 16));

const oneHourADay = (timeZone: string, extra: Partial<Availability> = {}): Availability => ({
  ...defaultAvailability,
  timeZone,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
  breaks: [],
  minimumNoticeHours: 0,
  ...extra,
});

interface Case {
  name: string;
  availability: Availability;
  busy?: Busy[];
  now: string;
  from: string;
  to: string;
  slots: string[];
}

const cases: Case[] = [
  {
    name: 'weekday hours in 30-minute meetings, the lunch break left out, no weekend',
    availability: { ...defaultAvailability, minimumNoticeHours: 0 },
    now: '2026-06-01T00:00Z',
    from: '2026-06-05T00:00Z', // Friday; London is on BST (UTC+1)
    to: '2026-06-07T23:59Z',
    slots: [
      ...['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00'],
      ...['12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'],
    ].map((t) => `2026-06-05T${t}`),
  },
  {
    name: 'a date off drops the week’s hours; extra hours on a Saturday add',
    availability: {
      ...oneHourADay('Europe/London'),
      datesOff: ['2026-06-05'],
      extraHours: [{ date: '2026-06-06', start: '14:00', end: '15:00' }],
    },
    now: '2026-06-01T00:00Z',
    from: '2026-06-05T00:00Z',
    to: '2026-06-06T23:59Z',
    slots: ['2026-06-06T08:00', '2026-06-06T08:30', '2026-06-06T13:00', '2026-06-06T13:30'],
  },
  {
    name: 'minimum notice: nothing within 12 hours of now',
    availability: { ...oneHourADay('UTC'), minimumNoticeHours: 12 },
    now: '2026-06-01T21:15Z',
    from: '2026-06-01T00:00Z',
    to: '2026-06-03T00:00Z',
    slots: ['2026-06-02T09:30'],
  },
  {
    name: 'booking window: nothing starting past 2 days',
    availability: { ...oneHourADay('UTC'), bookingWindowDays: 2 },
    now: '2026-06-01T09:10Z',
    from: '2026-06-01T00:00Z',
    to: '2026-06-10T00:00Z',
    slots: ['2026-06-01T09:30', '2026-06-02T09:00', '2026-06-02T09:30', '2026-06-03T09:00'],
  },
  {
    name: 'a booking takes its slot; a 15-minute buffer keeps the next one free too',
    availability: {
      ...oneHourADay('UTC'),
      weekly: [{ weekday: 1, start: '09:00', end: '11:00' }],
      bufferMinutes: 15,
    },
    busy: [{ start: at('2026-06-01T09:30Z'), end: at('2026-06-01T10:00Z') }],
    now: '2026-05-30T00:00Z',
    from: '2026-06-01T00:00Z',
    to: '2026-06-02T00:00Z',
    slots: ['2026-06-01T10:30'],
  },
  {
    name: 'longer meetings: 45 minutes that fit whole in the span',
    availability: {
      ...oneHourADay('UTC'),
      weekly: [{ weekday: 1, start: '09:00', end: '11:00' }],
      meetingMinutes: 45,
    },
    now: '2026-05-30T00:00Z',
    from: '2026-06-01T00:00Z',
    to: '2026-06-02T00:00Z',
    slots: ['2026-06-01T09:00', '2026-06-01T09:45'],
  },
  {
    name: 'UK clocks go forward (last Sunday of March): 09:00 London is 09:00 UTC on Friday, 08:00 UTC on Monday',
    availability: oneHourADay('Europe/London', {
      weekly: [5, 1].map((weekday) => ({ weekday, start: '09:00', end: '09:30' })),
    }),
    now: '2026-03-20T00:00Z',
    from: '2026-03-27T00:00Z',
    to: '2026-03-31T00:00Z',
    slots: ['2026-03-27T09:00', '2026-03-30T08:00'],
  },
  {
    name: 'UK clocks go forward: extra hours 00:30–03:00 on 29 March hold 90 real minutes (01:00–02:00 never happens)',
    availability: oneHourADay('Europe/London', {
      weekly: [],
      extraHours: [{ date: '2026-03-29', start: '00:30', end: '03:00' }],
    }),
    now: '2026-03-20T00:00Z',
    from: '2026-03-28T00:00Z',
    to: '2026-03-30T00:00Z',
    slots: ['2026-03-29T00:30', '2026-03-29T01:00', '2026-03-29T01:30'],
  },
  {
    name: 'UK clocks go back (last Sunday of October): extra hours 00:30–03:00 on 25 October hold 3½ real hours',
    availability: oneHourADay('Europe/London', {
      weekly: [],
      extraHours: [{ date: '2026-10-25', start: '00:30', end: '03:00' }],
    }),
    now: '2026-10-20T00:00Z',
    from: '2026-10-24T00:00Z',
    to: '2026-10-26T00:00Z',
    slots: ['23:30', '00:00', '00:30', '01:00', '01:30', '02:00', '02:30'].map((t, i) =>
      i === 0 ? `2026-10-24T${t}` : `2026-10-25T${t}`,
    ),
  },
  {
    name: 'UK clocks go back: 09:00 London is 08:00 UTC on Friday 23 October, 09:00 UTC on Monday 26',
    availability: oneHourADay('Europe/London', {
      weekly: [5, 1].map((weekday) => ({ weekday, start: '09:00', end: '09:30' })),
    }),
    now: '2026-10-20T00:00Z',
    from: '2026-10-23T00:00Z',
    to: '2026-10-27T00:00Z',
    slots: ['2026-10-23T08:00', '2026-10-26T09:00'],
  },
  {
    name: 'a consultant in Kolkata (no clock change) across the UK change: same UTC times',
    availability: oneHourADay('Asia/Kolkata', {
      weekly: [{ weekday: 7, start: '14:00', end: '14:30' }],
    }),
    now: '2026-03-20T00:00Z',
    from: '2026-03-22T00:00Z',
    to: '2026-03-30T00:00Z',
    slots: ['2026-03-22T08:30', '2026-03-29T08:30'],
  },
];

describe('free slots (issue 27 slot rules)', () => {
  it.each(cases)('$name', ({ availability, busy = [], now, from, to, slots }) => {
    expect(
      utc(computeSlots({ availability, busy, now: at(now), from: at(from), to: at(to) })),
    ).toEqual(slots);
  });

  it('a slot taken by another booking is not free, the one after it is', () => {
    const request = {
      availability: oneHourADay('UTC'),
      busy: [{ start: at('2026-06-01T09:00Z'), end: at('2026-06-01T09:30Z') }],
      now: at('2026-05-20T00:00Z'),
    };
    expect(isFreeSlot(request, at('2026-06-01T09:00Z'))).toBe(false);
    expect(isFreeSlot(request, at('2026-06-01T09:30Z'))).toBe(true);
    expect(isFreeSlot(request, at('2026-06-01T09:10Z'))).toBe(false);
  });

  it('a past time is never free', () => {
    const request = { availability: oneHourADay('UTC'), busy: [], now: at('2026-06-02T00:00Z') };
    expect(isFreeSlot(request, at('2026-06-01T09:00Z'))).toBe(false);
  });
});

describe('wall times across clock changes (student and consultant zones)', () => {
  it.each([
    // a London slot as a student in New York sees it: the US changes on 8 March and 1 November
    ['Europe/London', '2026-03-27', '09:00', 'America/New_York', '2026-03-27 05:00'],
    ['Europe/London', '2026-03-30', '09:00', 'America/New_York', '2026-03-30 04:00'],
    ['Europe/London', '2026-10-23', '09:00', 'America/New_York', '2026-10-23 04:00'],
    ['Europe/London', '2026-10-26', '09:00', 'America/New_York', '2026-10-26 05:00'],
    // a student in Paris changes on the same Sundays as London: always an hour ahead
    ['Europe/London', '2026-03-29', '09:00', 'Europe/Paris', '2026-03-29 10:00'],
    ['Europe/London', '2026-10-25', '09:00', 'Europe/Paris', '2026-10-25 10:00'],
    // a wall time the clocks skip moves on by the gap
    ['Europe/London', '2026-03-29', '01:30', 'Europe/London', '2026-03-29 02:30'],
    // one they show twice is the first
    ['Europe/London', '2026-10-25', '01:30', 'UTC', '2026-10-25 00:30'],
  ])('%s %s %s shows in %s as %s', (zone, date, time, studentZone, shown) => {
    const [h, m] = time.split(':').map(Number);
    expect(wallTimeAt(studentZone, zonedToInstant(zone, date, h! * 60 + m!))).toBe(shown);
  });
});
