import { z } from 'zod';
import { code } from '../error-codes.ts';
import { countryCodes } from '../countries.ts';
import { hasUnstorableCharacter, stripBidiControls } from '../text-safety.ts';
import { contactEmail } from './contact.ts';

/**
 * Issue 25 §3: what a university asks beyond the spec's form (decision 0045): education history,
 * the English test and its scores, referees, work experience, a personal statement and the consent
 * to share. The multipart form sends each list as one JSON field; the web form holds them as
 * objects: both are read here.
 */

/** The tests UK universities accept for a student visa, or none taken yet. */
export const englishTests = [
  'ieltsAcademic',
  'ieltsUkvi',
  'pteAcademic',
  'toeflIbt',
  'languageCert',
  'duolingo',
  'cambridge',
  'none',
] as const;
export type EnglishTest = (typeof englishTests)[number];
export type TakenEnglishTest = Exclude<EnglishTest, 'none'>;

export const scoreParts = ['listening', 'reading', 'writing', 'speaking'] as const;
export type ScorePart = (typeof scoreParts)[number];

export interface ScoreScale {
  min: number;
  max: number;
  step: number;
}

/**
 * The scores each test reports, overall and for each of its four parts:
 * IELTS (Academic and for UKVI) bands 0-9 in half bands; PTE Academic 10-90; TOEFL iBT 0-120 in
 * total and 0-30 a part; LanguageCert Academic 0-100; Duolingo 10-160 in fives; Cambridge English
 * Scale 80-230.
 */
export const englishTestScales: Record<
  TakenEnglishTest,
  { overall: ScoreScale; part: ScoreScale }
> = {
  ieltsAcademic: { overall: { min: 0, max: 9, step: 0.5 }, part: { min: 0, max: 9, step: 0.5 } },
  ieltsUkvi: { overall: { min: 0, max: 9, step: 0.5 }, part: { min: 0, max: 9, step: 0.5 } },
  pteAcademic: { overall: { min: 10, max: 90, step: 1 }, part: { min: 10, max: 90, step: 1 } },
  toeflIbt: { overall: { min: 0, max: 120, step: 1 }, part: { min: 0, max: 30, step: 1 } },
  languageCert: {
    overall: { min: 0, max: 100, step: 1 },
    part: { min: 0, max: 100, step: 1 },
  },
  duolingo: { overall: { min: 10, max: 160, step: 5 }, part: { min: 10, max: 160, step: 5 } },
  cambridge: { overall: { min: 80, max: 230, step: 1 }, part: { min: 80, max: 230, step: 1 } },
};

export const isIeltsTest = (test: EnglishTest) => test === 'ieltsAcademic' || test === 'ieltsUkvi';

/** The limits of the lists (a form, not a CV): past them the server answers 400. */
export const detailLimits = {
  education: 8,
  referees: 2,
  workExperience: 5,
  statementCharacters: 4000,
  filesPerSlot: 3,
} as const;

/** The consent's wording as shown (web/features/application/consent-field.tsx); a new wording gets a new version. */
export const consentVersion = '2026-11-27';

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

function text(label: string, max: number) {
  return (
    z
      .string({
        error: (issue) =>
          isMissing(issue.input) ? `${label} is required` : `${label} must be text`,
      })
      .overwrite(stripBidiControls)
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      // a NUL escaped inside the JSON of a list (\u0000) gets past the multipart reader's check
      .refine((v) => !hasUnstorableCharacter(v), code('INVALID_CHARACTER'))
  );
}

function optionalText(label: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    text(label, max).optional(),
  );
}

const thisYear = () => new Date().getUTCFullYear();

/** A year typed or sent as text or number; blank is missing. */
function year(label: string, { future }: { future: number }) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({
        error: (issue) =>
          isMissing(issue.input) ? `${label} is required` : `${label} must be a year`,
      })
      .int(`${label} must be a year`)
      .min(1950, code('YEAR_OUT_OF_RANGE'))
      .refine((v) => v <= thisYear() + future, {
        message: code('YEAR_OUT_OF_RANGE'),
      }),
  );
}

function optionalYear(label: string) {
  return z.preprocess(
    (v) => (isMissing(v) || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    year(label, { future: 0 }).optional(),
  );
}

const country = z.enum(countryCodes, {
  error: (issue) =>
    isMissing(issue.input) ? 'Country is required' : 'Choose a country from the list',
});

/** A list sent as one multipart field holds JSON; anything else is read as it is. */
function jsonList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (v) => {
      if (isMissing(v)) return [];
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(item, { error: 'Must be a list' }).max(max, code('TOO_MANY_ENTRIES')),
  );
}

export const educationEntry = z
  .strictObject({
    institution: text('Institution', 200),
    country,
    qualification: text('Qualification', 120),
    subject: text('Subject', 120),
    grade: text('Grade', 40),
    /** How the grade reads: "out of 4.0", "percentage", "UK degree class"… */
    gradeScale: text('Grade scale', 60),
    /** Expected (still studying) rather than awarded. */
    gradeExpected: z.preprocess(
      (v) =>
        v === 'yes' || v === 'true'
          ? true
          : v === 'no' || v === 'false' || isMissing(v)
            ? false
            : v,
      z.boolean({ error: code('YES_OR_NO') }),
    ),
    startYear: year('Start year', { future: 0 }),
    endYear: year('End year', { future: 8 }),
  })
  .refine((v) => v.endYear >= v.startYear, {
    message: code('END_BEFORE_START'),
    path: ['endYear'],
  });
export type EducationEntry = z.output<typeof educationEntry>;

export const referee = z.strictObject({
  name: text('Name', 200),
  role: text('Role', 120),
  institution: text('Institution', 200),
  email: contactEmail,
});
export type Referee = z.output<typeof referee>;

export const workEntry = z
  .strictObject({
    employer: text('Employer', 200),
    role: text('Role', 120),
    startYear: year('Start year', { future: 0 }),
    /** Blank: still working there. */
    endYear: optionalYear('End year'),
    description: optionalText('Description', 1000),
  })
  .refine((v) => v.endYear === undefined || v.endYear >= v.startYear, {
    message: code('END_BEFORE_START'),
    path: ['endYear'],
  });
export type WorkEntry = z.output<typeof workEntry>;

const score = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z.number({ error: code('SCORE_REQUIRED') }).optional(),
);

function isRealDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const testDate = z.preprocess(
  (v) => (isMissing(v) ? undefined : v),
  z
    .string({ error: 'Test date must be a date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Test date must be a date such as 2025-06-14')
    .refine(isRealDay, 'Test date must be a real date')
    .optional(),
);

/** A test's scores, each within the test's scale (englishTestScales); nothing when none is taken yet. */
export const englishTestInput = z
  .strictObject(
    {
      test: z.enum(englishTests, { error: code('ENGLISH_TEST_REQUIRED') }),
      date: testDate,
      overall: score,
      listening: score,
      reading: score,
      writing: score,
      speaking: score,
    },
    { error: code('ENGLISH_TEST_REQUIRED') },
  )
  .superRefine((v, ctx) => {
    if (v.test === 'none') return;
    const scale = englishTestScales[v.test];
    const today = new Date();
    today.setUTCDate(today.getUTCDate() + 1);
    if (v.date === undefined)
      ctx.addIssue({ code: 'custom', message: code('TEST_DATE_REQUIRED'), path: ['date'] });
    else if (v.date > today.toISOString().slice(0, 10))
      ctx.addIssue({ code: 'custom', message: code('TEST_TAKEN_IN_FUTURE'), path: ['date'] });
    for (const name of ['overall', ...scoreParts] as const) {
      const value = v[name];
      const { min, max, step } = name === 'overall' ? scale.overall : scale.part;
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: code('SCORE_REQUIRED'), path: [name] });
      } else if (!Number.isFinite(value) || value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          message: code('SCORE_OUT_OF_RANGE'),
          path: [name],
          params: { min, max },
        });
      } else if (Math.abs(Math.round((value - min) / step) * step + min - value) > 1e-9) {
        ctx.addIssue({
          code: 'custom',
          message: code('SCORE_STEP'),
          path: [name],
          params: { step },
        });
      }
    }
  })
  .transform((v) =>
    v.test === 'none'
      ? { test: 'none' as const }
      : {
          test: v.test,
          date: v.date!,
          overall: v.overall!,
          listening: v.listening!,
          reading: v.reading!,
          writing: v.writing!,
          speaking: v.speaking!,
        },
  );
export type EnglishTestResult = z.output<typeof englishTestInput>;

/** One JSON field in the multipart form, an object in the web form. */
const englishTestField = z.preprocess((v) => {
  if (isMissing(v)) return undefined;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, englishTestInput);

const consent = z.preprocess(
  (v) => (v === 'yes' || v === 'true' || v === true ? true : false),
  z.literal(true, { error: code('CONSENT_REQUIRED') }),
);

/** The fields issue 25 §3 adds to the application form (merged into applicationInput). */
export const applicationDetailFields = {
  education: jsonList(educationEntry, detailLimits.education).refine(
    (v) => v.length > 0,
    code('EDUCATION_REQUIRED'),
  ),
  englishTest: englishTestField,
  referees: jsonList(referee, detailLimits.referees),
  workExperience: jsonList(workEntry, detailLimits.workExperience),
  personalStatementText: z.preprocess(
    (v) => (isMissing(v) ? undefined : v),
    z
      .string({ error: 'Personal statement must be text' })
      .overwrite(stripBidiControls)
      .trim()
      .max(detailLimits.statementCharacters, code('STATEMENT_TOO_LONG'))
      .refine((v) => !hasUnstorableCharacter(v), code('INVALID_CHARACTER'))
      .optional(),
  ),
  consent,
  consentVersion: z
    .string({ error: code('CONSENT_OUTDATED') })
    .refine((v) => v === consentVersion, code('CONSENT_OUTDATED')),
};

/** What is kept of them on the application (applications.details, jsonb). */
export interface ApplicationDetails {
  education: EducationEntry[];
  englishTest: EnglishTestResult;
  referees: Referee[];
  workExperience: WorkEntry[];
  personalStatementText: string | null;
}

/** The consent as stored: when it was given and to which wording. */
export interface ApplicationConsent {
  at: string;
  version: string;
}

/** The program's IELTS requirement against the test's scores; null when nothing can be compared. */
export interface EnglishGap {
  needed: { overall: number; part: number };
  /** Only for an IELTS test: the shortfall overall and the parts below the minimum. */
  overallShort: number | null;
  partsShort: { part: ScorePart; have: number }[];
  comparable: boolean;
}

export function englishGap(
  result: Partial<Record<'overall' | ScorePart, number | undefined>> & { test: EnglishTest },
  needed: { overall: number; part: number },
): EnglishGap {
  if (!isIeltsTest(result.test))
    return { needed, overallShort: null, partsShort: [], comparable: false };
  const overall = result.overall;
  return {
    needed,
    comparable: true,
    overallShort:
      overall !== undefined && overall < needed.overall ? needed.overall - overall : null,
    partsShort: scoreParts
      .filter((p) => result[p] !== undefined && result[p]! < needed.part)
      .map((p) => ({ part: p, have: result[p]! })),
  };
}

/** The new fields on their own: the web form's react-hook-form part is checked by it. */
export const applicationDetailsInput = z.strictObject(applicationDetailFields);
