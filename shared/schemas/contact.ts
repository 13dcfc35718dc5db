/** Contact rules shared by every form that asks for a name, country, phone or e-mail. */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { code } from '../error-codes.ts';
import { countryCodes } from '../countries.ts';
import { stripBidiControls } from '../text-safety.ts';

export const maxNameLength = 200;
export const maxEmailLength = 254;
const maxPhoneLength = 40;

/** A real international number, e.g. +44 20 7946 0958 (the drama range 07700 900xxx is not one). */
export const phoneExample = '+44 20 7946 0958';

export const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** Pasted bidi controls are dropped: the text reads to staff as the person typed it. */
export function requiredText(label: string, max = maxNameLength) {
  return z
    .string({
      error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`),
    })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const countryCode = z.enum(countryCodes, {
  error: (issue) =>
    isMissing(issue.input) ? 'Country is required' : 'Choose a country from the list',
});

/** Parses any common way of writing a number and normalises it to E.164 (+447946...). */
export const internationalPhone = requiredText('Phone', maxPhoneLength).transform((value, ctx) => {
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) {
    ctx.addIssue({
      code: 'custom',
      message: code('PHONE_INVALID'),
      params: { example: phoneExample },
    });
    return z.NEVER;
  }
  return parsed.number;
});

export const contactEmail = z
  .string({
    error: (issue) => (isMissing(issue.input) ? 'Email is required' : 'Email must be text'),
  })
  .trim()
  .min(1, 'Email is required')
  .max(maxEmailLength, `Email must be at most ${maxEmailLength} characters`)
  .pipe(z.email(code('CONTACT_EMAIL_INVALID')));
