import type { Availability } from './schemas/booking.ts';
import { addDays, isoWeekday, localDateAt, parseWallTime, zonedToInstant } from './zoned-time.ts';

/** A time already taken (a booking), as instants in milliseconds. */
export interface Busy {
  start: number;
  end: number;
}

export interface SlotRequest {
  availability: Availability;
  busy: readonly Busy[];
  now: number;
  /** The part of time the student looks at: [from, to). */
  from: number;
  to: number;
}

export interface FreeSlot {
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

const minute = 60_000;

/** Working spans minus break spans, all as instants. */
function subtract(spans: Span[], cuts: Span[]): Span[] {
  let result = spans;
  for (const cut of cuts) {
    result = result.flatMap((s) => {
      if (cut.end <= s.start || cut.start >= s.end) return [s];
      const parts: Span[] = [];
      if (cut.start > s.start) parts.push({ start: s.start, end: cut.start });
      if (cut.end < s.end) parts.push({ start: cut.end, end: s.end });
      return parts;
    });
  }
  return result;
}

/** The instants a span of wall times covers on one local date (clock changes included). */
function toInstants(timeZone: string, date: string, start: string, end: string): Span {
  return {
    start: zonedToInstant(timeZone, date, parseWallTime(start)!),
    end: zonedToInstant(timeZone, date, parseWallTime(end)!),
  };
}

/** The consultant's working spans of one local date: dates off drop the week's hours, extra hours add. */
export function workingSpans(a: Availability, date: string): Span[] {
  const weekday = isoWeekday(date);
  const weekly = a.datesOff.includes(date)
    ? []
    : a.weekly
        .filter((w) => w.weekday === weekday)
        .map((w) => toInstants(a.timeZone, date, w.start, w.end));
  const extra = a.extraHours
    .filter((e) => e.date === date)
    .map((e) => toInstants(a.timeZone, date, e.start, e.end));
  const breaks = a.breaks
    .filter((b) => b.weekday === weekday)
    .map((b) => toInstants(a.timeZone, date, b.start, b.end));
  return subtract([...weekly, ...extra], breaks).filter((s) => s.end > s.start);
}

/**
 * The free slots of one consultant in [from, to): meetings of `meetingMinutes` back to back from the
 * start of each working span, none sooner than the minimum notice, none starting past the booking
 * window, none within `bufferMinutes` of a booking. Pure: the same input gives the same slots.
 */
export function computeSlots({ availability: a, busy, now, from, to }: SlotRequest): FreeSlot[] {
  const length = a.meetingMinutes * minute;
  const buffer = a.bufferMinutes * minute;
  const earliest = Math.max(from, now + a.minimumNoticeHours * 60 * minute);
  const latest = Math.min(to, now + a.bookingWindowDays * 24 * 60 * minute);
  if (earliest >= latest) return [];
  const slots = new Map<number, FreeSlot>();
  const last = addDays(localDateAt(a.timeZone, latest), 1);
  for (
    let date = addDays(localDateAt(a.timeZone, earliest), -1);
    date <= last;
    date = addDays(date, 1)
  ) {
    for (const span of workingSpans(a, date)) {
      for (let start = span.start; start + length <= span.end; start += length) {
        if (start < earliest || start >= latest) continue;
        const end = start + length;
        const clashes = busy.some((b) => start < b.end + buffer && end > b.start - buffer);
        if (!clashes) slots.set(start, { start, end });
      }
    }
  }
  return [...slots.values()].sort((x, y) => x.start - y.start);
}

/** True when `start` is one of the consultant's free slots now (checked again on every booking). */
export function isFreeSlot(request: Omit<SlotRequest, 'from' | 'to'>, start: number): boolean {
  return computeSlots({ ...request, from: start, to: start + 1 }).some((s) => s.start === start);
}
