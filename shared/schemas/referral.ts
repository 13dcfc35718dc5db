import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { code } from '../error-codes.ts';
import { isCountryCode } from '../countries.ts';
import { locales } from '../locales.ts';
import { contactEmail, countryCode, internationalPhone, requiredText } from './contact.ts';

/**
 * A number written without its country code ("07946 0958...") is read in the chosen country, so a
 * person may type it the way they usually do. Anything else is left for the phone check to judge.
 */
function readPhoneInChosenCountry(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { country } = input as { country?: unknown };
  if (!isCountryCode(country) || !isSupportedCountry(country)) return input;
  let result = input as Record<string, unknown>;
  for (const field of ['phone', 'studentPhone']) {
    const phone = result[field];
    if (typeof phone !== 'string' || phone.trim() === '' || phone.trim().startsWith('+')) continue;
    const parsed = parsePhoneNumberFromString(phone, country);
    if (parsed?.isValid()) result = { ...result, [field]: parsed.number };
  }
  return result;
}

/** Optional: an empty field is "not given" (null). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    schema.nullable().default(null),
  );

const contactFields = { country: countryCode, phone: internationalPhone, email: contactEmail };

/**
 * The referrer's details are the spec's required fields (name, country, phone, e-mail); the student
 * referred is named, with an e-mail or a phone (at least one) and what they want to study.
 */
export const referralInput = z.preprocess(
  readPhoneInChosenCountry,
  z
    .strictObject({
      name: requiredText('Your name'),
      ...contactFields,
      studentName: requiredText('Student’s name'),
      studentEmail: optional(contactEmail),
      studentPhone: optional(internationalPhone),
      studyInterest: requiredText('What they want to study', 300),
      /** The language the student reads: the invitation to apply is written in it (issue 28). */
      studentLanguage: optional(z.enum(locales, { error: 'Choose a language from the list' })),
    })
    .superRefine((value, ctx) => {
      if (!value.studentEmail && !value.studentPhone)
        ctx.addIssue({
          code: 'custom',
          path: ['studentEmail'],
          message: code('STUDENT_CONTACT_MISSING'),
        });
    }),
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
