/** The spec's displays, from the catalogue's facts. */

// One formatter each: `toLocaleString` builds a new one per call, which dominated catalogue answers.
const wholeNumber = new Intl.NumberFormat('en-GB');
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 38500 -> "£38,500 per year". */
export function formatTuition(gbp: number): string {
  return `£${wholeNumber.format(gbp)} per year`;
}

/** 12, Full-time -> "1 year full-time"; 18 -> "18 months full-time". */
export function formatDuration(months: number, mode: string): string {
  const length =
    months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} months`;
  return `${length} ${mode.toLocaleLowerCase('en-GB')}`;
}

/** "2027-01-14" -> "14 January 2027". */
export function formatDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}

export function formatGbp(n: number): string {
  return `£${wholeNumber.format(n)}`;
}
