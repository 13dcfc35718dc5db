/*
 * Wall-clock times in an IANA time zone, with Intl only (the same code runs in the browser and on
 * the server). A local date is 'YYYY-MM-DD'; a wall time is minutes after local midnight.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True when Intl knows the zone (`Europe/London`, `Asia/Kolkata`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    formatOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at `instant`, read as if it were UTC (milliseconds). */
function wallClockMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
}

/** Minutes the zone is ahead of UTC at `instant` (London in summer: 60). */
export function offsetMinutes(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((wallClockMs(timeZone, whole) - whole) / 60_000);
}

export function parseLocalDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

export function formatLocalDate(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return formatLocalDate(parseLocalDate(date) + days * 86_400_000);
}

/** ISO weekday of a local date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(parseLocalDate(date)).getUTCDay() || 7;
}

/** The local date in `timeZone` at `instant`. */
export function localDateAt(timeZone: string, instant: number): string {
  return formatLocalDate(Math.floor(wallClockMs(timeZone, instant) / 86_400_000) * 86_400_000);
}

/**
 * The instant at which the zone's clocks show `minutes` past midnight of `date`. A wall time the
 * clocks skip (spring forward) moves on by the gap; one they show twice (fall back) is the first.
 */
export function zonedToInstant(timeZone: string, date: string, minutes: number): number {
  const wall = parseLocalDate(date) + minutes * 60_000;
  const before = offsetMinutes(timeZone, wall - 86_400_000);
  const after = offsetMinutes(timeZone, wall + 86_400_000);
  const shown = [wall - before * 60_000, wall - after * 60_000].filter(
    (instant) => wallClockMs(timeZone, instant) === wall,
  );
  if (shown.length > 0) return Math.min(...shown);
  return wall - before * 60_000;
}

/** 'HH:MM' (00:00 … 24:00) to minutes past midnight, or null. */
export function parseWallTime(value: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** 'YYYY-MM-DD HH:MM' as the zone's clocks show `instant`. */
export function wallTimeAt(timeZone: string, instant: number): string {
  return new Date(wallClockMs(timeZone, instant)).toISOString().slice(0, 16).replace('T', ' ');
}
