/*
 * Dates on the applicant's screens, in the reader's locale (`intl.locale`, the `<html lang>` tag:
 * en-GB gives "23 Apr 2025", as the spec writes it).
 */
const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dateOptions, hour: '2-digit', minute: '2-digit' };

export const formatDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, dateOptions).format(new Date(iso));
export const formatDateTime = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, dateTimeOptions).format(new Date(iso));
/** A YYYY-MM-DD date as written, without moving it across time zones. */
export const formatDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, dateOptions).format(new Date(`${day}T12:00:00`));
