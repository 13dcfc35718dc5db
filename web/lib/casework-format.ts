import type { IntlShape } from 'react-intl';

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "30 November 2026" for a YYYY-MM-DD date (the staff console, in English). */
export const formatDueDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
export const formatWhen = (iso: string) => dayTime.format(new Date(iso));
export const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;

/* The applicant's screens: the same in the reader's locale, through react-intl's cached formatters. */
export const formatDueDayIn = (intl: IntlShape, iso: string) =>
  intl.formatDate(new Date(`${iso}T00:00:00Z`), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
export const formatWhenIn = (intl: IntlShape, iso: string) =>
  intl.formatDate(new Date(iso), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
export const gbpIn = (intl: IntlShape, n: number) =>
  intl.formatNumber(n, {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: intl.locale.startsWith('ar') ? 'name' : 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
