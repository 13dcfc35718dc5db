const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** "30 November 2026" for a YYYY-MM-DD date. */
export const formatDueDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
export const formatWhen = (iso: string) => dayTime.format(new Date(iso));
export const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;
