/** Times of slots and bookings, always in a named zone (the student's, or the consultant's). */

/** The browser's own zone, the picker's starting point. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, the student's own among them. */
export function timeZoneList(own: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', own])].sort();
}

/** The calendar day of an instant in a zone, as YYYY-MM-DD (for grouping slots by day). */
export function dayKey(at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

export function timeOfDay(locale: string, at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(at),
  );
}

export function dayName(locale: string, at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(at));
}

export function shortDay(locale: string, at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(at));
}

export function fullTime(locale: string, at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(at));
}

/** A zone's name in the reader's language ("Eastern Time", "توقيت المملكة المتحدة"), else its id. */
export function zoneName(locale: string, zone: string, at: string | number = Date.UTC(2026, 0, 1)) {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** A time with its zone's short name, in the reader's language: "09:00 GMT", "٩:٠٠ ص غرينتش". */
export function timeWithZone(locale: string, at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}
