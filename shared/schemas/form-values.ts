import { z } from 'zod';

/** Nothing typed: absent, null, or only spaces (a form's empty field). */
export const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A YYYY-MM-DD that names a day of the calendar (2026-02-30 does not). */
export function isRealDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A day as a form sends it (YYYY-MM-DD), with messages naming the field. */
export const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-09-01`)
    .refine(isRealDay, `${label} must be a real date`);
