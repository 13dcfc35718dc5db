import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { contactEmail, countryCode, internationalPhone, requiredText } from './contact.ts';

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
