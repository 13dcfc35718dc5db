import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { countryCodes, isCountryCode } from '../countries.ts';

export const maxNameLength = 200;
export const maxEmailLength = 254;
const maxPhoneLength = 40;

/** A real international number, e.g. +44 20 7946 0958 (the drama range 07700 900xxx is not one). */
export const phoneExample = '+44 20 7946 0958';
const phoneMessage = `Enter a valid phone number with its country code, e.g. ${phoneExample}`;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

function requiredText(label: string, max = maxNameLength) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const countryCode = z.enum(countryCodes, {
  error: (issue) => (isMissing(issue.input) ? 'Country is required' : 'Choose a country from the list'),
});

/** Parses any common way of writing a number and normalises it to E.164 (+447946...). */
export const internationalPhone = requiredText('Phone', maxPhoneLength).transform((value, ctx) => {
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) {
    ctx.addIssue({ code: 'custom', message: phoneMessage });
    return z.NEVER;
  }
  return parsed.number;
});

export const contactEmail = z
  .string({ error: (issue) => (isMissing(issue.input) ? 'Email is required' : 'Email must be text') })
  .trim()
  .min(1, 'Email is required')
  .max(maxEmailLength, `Email must be at most ${maxEmailLength} characters`)
  .pipe(z.email('Enter a valid email address, e.g. name@example.com'));

/**
 * A number written without its country code ("07946 0958...") is read in the chosen country, so a
 * person may type it the way they usually do. Anything else is left for the phone check to judge.
 */
function readPhoneInChosenCountry(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { phone, country } = input as { phone?: unknown; country?: unknown };
  if (typeof phone !== 'string' || phone.trim().startsWith('+')) return input;
  if (!isCountryCode(country) || !isSupportedCountry(country)) return input;
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? { ...input, phone: parsed.number } : input;
}

const contactFields = { country: countryCode, phone: internationalPhone, email: contactEmail };

export const referralInput = z.preprocess(
  readPhoneInChosenCountry,
  z.strictObject({ name: requiredText('Name'), ...contactFields }),
);
export type ReferralInput = z.output<typeof referralInput>;

export const partnershipInput = z.preprocess(
  readPhoneInChosenCountry,
  z.strictObject({
    contactName: requiredText('Contact Name'),
    businessName: requiredText('Business Name'),
    ...contactFields,
  }),
);
export type PartnershipInput = z.output<typeof partnershipInput>;

/** What the API answers after storing (or finding, on a replay) a referral or partnership request. */
export interface ContactRequestReceipt {
  id: string;
  createdAt: string;
}

export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKey = z.uuid('The Idempotency-Key header must be a UUID');
