/**
 * Working days are Monday to Friday (bank holidays are not counted out). `addWorkingDays` gives the
 * moment `days` working days after `from`, at the same time of day: a case submitted on Friday at
 * 10:00 with 3 working days is due on Wednesday at 10:00.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return d;
}
