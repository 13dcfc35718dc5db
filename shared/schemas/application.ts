import { parsePhoneNumberFromString, isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import { code } from '../error-codes.ts';
import type { ApplicationStatus } from '../application-status.ts';
import { countryCodes, isCountryCode } from '../countries.ts';
import type { CaseworkView } from './casework.ts';
import type { ChoiceView } from './choices.ts';
import { contactEmail, internationalPhone } from './contact.ts';
import { stripBidiControls } from '../text-safety.ts';
import {
  applicationDetailFields,
  detailLimits,
  type ApplicationConsent,
  type ApplicationDetails,
} from './application-details.ts';

/** The spec's English levels (section 3), in the order the form lists them. */
export const englishLevels = ['beginner', 'intermediate', 'advanced', 'native'] as const;
export type EnglishLevel = (typeof englishLevels)[number];

/** Files the form may carry (D6); `certification` only when the applicant has one. */
export const documentKeys = [
  'certification',
  'passportCopy',
  'transcripts',
  'personalStatement',
  'cv',
] as const;
export type DocumentKey = (typeof documentKeys)[number];
/** What staff can ask for after submission (issue 12, item 2): the form's five and a few more. */
export const requestableDocumentKeys = [
  ...documentKeys,
  'englishTestCertificate',
  'financialEvidence',
  'referenceLetter',
  'otherDocument',
] as const;
export type AnyDocumentKey = (typeof requestableDocumentKeys)[number];

/** Each version of a document: received until staff check it, then verified or rejected (with a reason). */
export const documentStates = ['received', 'verified', 'rejected'] as const;
export type DocumentState = (typeof documentStates)[number];

export const documentStateLabels: Record<DocumentState, string> = {
  received: 'Received',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const documentKeyParams = z.strictObject({
  id: z.uuid('Not an application id'),
  key: z.enum(requestableDocumentKeys, { error: 'Not a document of an application' }),
});

/**
 * Which file of a document slot (issue 25 §3, decision 0048): `?part=` on the applicant's link, the
 * re-upload and the staff review; the first file unless told. Only the digits 1 to filesPerSlot.
 */
export const documentPartQuery = z.strictObject({
  part: z
    .string({ error: 'Part must be a whole number' })
    .regex(/^[1-9]$/, `Part must be 1 to ${detailLimits.filesPerSlot}`)
    .transform(Number)
    .pipe(
      z.number().max(detailLimits.filesPerSlot, `Part must be 1 to ${detailLimits.filesPerSlot}`),
    )
    .optional(),
});

export const allowedFileExtensions = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const fileAccept = allowedFileExtensions.join(',');
export const defaultMaxUploadMb = 10;

export const minApplicantAge = 14;
const maxApplicantAge = 100;
const maxPlannedTestYears = 3;

const acronyms: Record<string, string> = { cv: 'CV', english: 'English' };

/** The key split into words and capitalised: passportCopy -> 'Passport Copy' (spec, dashboard). */
export function documentLabel(key: string): string {
  return key
    .split(/(?=[A-Z])/)
    .map((word) => acronyms[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function isAnyDocumentKey(value: unknown): value is AnyDocumentKey {
  return (
    typeof value === 'string' && (requestableDocumentKeys as readonly string[]).includes(value)
  );
}

export function isDocumentKey(value: unknown): value is DocumentKey {
  return typeof value === 'string' && (documentKeys as readonly string[]).includes(value);
}

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** Pasted bidi controls are dropped: the text reads to staff as the person typed it. */
function requiredText(label: string, max: number) {
  return z
    .string({
      error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`),
    })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Today as YYYY-MM-DD in UTC, shifted by whole days. */
function utcDay(offsetDays = 0, offsetYears = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + offsetYears);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function dateText(label: string) {
  return z
    .string({
      error: (issue) =>
        isMissing(issue.input) ? `${label} is required` : `${label} must be a date`,
    })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2001-04-23`)
    .refine(isRealDate, `${label} must be a real date`);
}

/*
 * "Today" differs by a day between time zones: the checks allow one day either way so a person
 * ahead of or behind UTC is never refused for today's date.
 */
const dateOfBirth = dateText('Date of birth')
  .refine((v) => v <= utcDay(1), code('BIRTH_DATE_IN_FUTURE'))
  .refine((v) => v <= utcDay(1, -minApplicantAge), {
    message: code('TOO_YOUNG'),
    params: { minimum: minApplicantAge },
  })
  .refine((v) => v >= utcDay(0, -maxApplicantAge), code('BIRTH_DATE_NOT_REAL'));

const plannedTestDate = z.preprocess(
  (v) => (isMissing(v) ? null : v),
  dateText('Planned test date')
    .refine((v) => v >= utcDay(-1), code('TEST_DATE_PAST'))
    .refine((v) => v <= utcDay(0, maxPlannedTestYears), {
      message: code('TEST_DATE_TOO_FAR'),
      params: { years: maxPlannedTestYears },
    })
    .nullable(),
);

function country(label: string) {
  return z.enum(countryCodes, {
    error: (issue) =>
      isMissing(issue.input) ? `${label} is required` : 'Choose a country from the list',
  });
}

/** Letters and digits only, upper case; spaces and dashes people type are dropped. */
const passportNumber = requiredText('Passport number', 40)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, code('PASSPORT_NUMBER_FORMAT')));

const catalogueId = z
  .string({ error: code('PROGRAM_REQUIRED') })
  .trim()
  .min(1, code('PROGRAM_REQUIRED'))
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a catalogue id');

/** Form fields arrive as text (multipart) or as booleans and arrays (the web form): both are read. */
const yesNo = z.preprocess(
  (v) =>
    v === 'yes' || v === 'true'
      ? true
      : v === 'no' || v === 'false'
        ? false
        : isMissing(v)
          ? false
          : v,
  z.boolean({ error: code('YES_OR_NO') }),
);

const universityIds = z.preprocess(
  (v) => (isMissing(v) ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(catalogueId)
    // spec 1 and 9: exactly three universities, on every way into the form (issue 24)
    .length(3, code('EXACTLY_THREE_PICKS'))
    .refine((ids) => new Set(ids).size === ids.length, code('PICKED_TWICE')),
);

/** A number written without its country code is read in the country of residence. */
function readPhoneInResidence(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { phone, residencyCountry } = input as { phone?: unknown; residencyCountry?: unknown };
  if (typeof phone !== 'string' || phone.trim().startsWith('+')) return input;
  if (!isCountryCode(residencyCountry) || !isSupportedCountry(residencyCountry)) return input;
  const parsed = parsePhoneNumberFromString(phone, residencyCountry);
  return parsed?.isValid() ? { ...input, phone: parsed.number } : input;
}

const applicationFields = z.strictObject({
  fullName: requiredText('Full name', 200),
  dateOfBirth,
  email: contactEmail,
  phone: internationalPhone,
  passportNumber,
  nationality: country('Nationality'),
  residencyCountry: country('Country of residence'),
  englishLevel: z.enum(englishLevels, {
    error: (issue) =>
      isMissing(issue.input)
        ? 'English level is required'
        : 'Choose an English level from the list',
  }),
  hasCertification: yesNo,
  plannedTestDate: plannedTestDate.optional(),
  programId: catalogueId,
  universityId: catalogueId,
  universityIds,
  /** Issue 28: the secret of the invitation link it came from (a referral); absent otherwise. */
  invitation: z.preprocess(
    (v) => (isMissing(v) ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,64}$/, 'Not an invitation')
      .optional(),
  ),
  /** From an invitation: the student agrees that the referrer may follow their progress. */
  referrerMayFollow: yesNo,
  /** Issue 25 §3: education, the English test, referees, work, the statement and the consent. */
  ...applicationDetailFields,
});

/**
 * The one schema of the application form (D6): the web form and `POST /api/applications` both use
 * it. The planned test date only counts when there is no certification (spec section 3).
 */
export const applicationInput = z.preprocess(
  readPhoneInResidence,
  applicationFields.transform((v) => ({
    ...v,
    plannedTestDate: v.hasCertification ? null : (v.plannedTestDate ?? null),
  })),
);
export type ApplicationInput = z.output<typeof applicationInput>;
/** What the web form holds before parsing: every field as typed. */
export type ApplicationFormValues = z.input<typeof applicationFields>;

export const applicationIdParam = z.strictObject({ id: z.uuid('Not an application id') });

export const trackLookupInput = z.strictObject({
  applicationId: z
    .string({ error: 'Application ID is required' })
    .trim()
    .min(1, 'Application ID is required')
    .max(100, 'Application ID is too long'),
  email: contactEmail,
});
export type TrackLookupInput = z.infer<typeof trackLookupInput>;

/** D2: "add an application I sent before signing in", on the dashboard. */
export const addApplicationInput = z.strictObject({
  applicationId: z
    .string({ error: 'Application ID is required' })
    .trim()
    .min(1, 'Application ID is required')
    .pipe(z.uuid(code('APPLICATION_ID_INVALID'))),
});
export type AddApplicationInput = z.infer<typeof addApplicationInput>;

export const trackTokenInput = z.strictObject({ token: z.string().min(1).max(1000) });

export interface ApplicationSubmitted {
  id: string;
}

export interface UploadLimits {
  maxFileBytes: number;
  accept: string;
}

export interface StatusUpdate {
  status: ApplicationStatus;
  date: string;
  note: string | null;
}

export interface ApplicationDocument {
  key: AnyDocumentKey;
  label: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Opens for the signed-in owner and staff; the track page adds its tracking token as a bearer. */
  url: string;
  /** Its place among the files of its slot (1, 2, 3: transcript, degree certificate…). */
  part: number;
  /** The current version: 1 as submitted, one more for each re-upload. */
  version: number;
  uploadedAt: string;
  state: DocumentState;
  /** Why staff rejected it (rejected only): the applicant uploads a new version from the track page. */
  rejectionReason: string | null;
}

/** The one view of an application for its applicant (D2): the track page and the dashboard. */
export interface ApplicationView {
  id: string;
  userId: string | null;
  status: ApplicationStatus;
  submittedAt: string;
  lastStatusUpdate: string;
  personalInfo: {
    fullName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    /** Masked for applicants, e.g. •••••1234. */
    passportNumber: string;
    nationality: string;
    residencyCountry: string;
  };
  academicInfo: {
    studyLevel: string;
    program: { id: string; name: string };
    university: { id: string; name: string };
    /** The picked universities, with the program's university first when it was not picked. */
    selectedUniversities: string[];
    englishLevel: EnglishLevel;
    hasCertification: boolean;
    plannedTestDate: string | null;
  };
  /** Issue 25 §3; null for applications sent before it. */
  details: ApplicationDetails | null;
  consent: ApplicationConsent | null;
  statusUpdates: StatusUpdate[];
  documents: ApplicationDocument[];
  /** Requests, the conversation, the outcome, stage time and the steps after an offer (issue 12). */
  casework: CaseworkView;
  /** D18: each university the application goes to, with its own state, offer and reply. */
  choices: ChoiceView[];
}

export interface TrackResult {
  application: ApplicationView;
  /** Keeps tracking working without the e-mail again (sessionStorage); never put it in a URL. */
  token: string;
  /** Opens the live stream; short-lived. */
  streamToken: string;
  /** The e-mailed link was opened while signed in, and the application joined that account now (D2). */
  addedToAccount?: boolean;
}
