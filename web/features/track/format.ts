const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Spec: day, short month, year, en-GB (e.g. 23 Apr 2025). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** A YYYY-MM-DD date as written, without moving it across time zones. */
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T12:00:00`));
