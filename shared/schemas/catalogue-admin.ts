import { z } from 'zod';
import { isBlank } from './form-values.ts';
import { bidiControlMessage, hasBidiControl } from '../text-safety.ts';
import {
  categoryName,
  months,
  otherLocales,
  studyLevel,
  studyModes,
  ukRegions,
  type NamesInOtherLocales,
} from './catalogue.ts';

/**
 * The console's catalogue forms and the CSV import check with these same schemas (D11): what a
 * form refuses, an import row refuses with the same words.
 */

export const costFigureKinds = [
  'living-funds-london',
  'living-funds-outside-london',
  'visa-fee',
  'health-surcharge-per-year',
] as const;
export type CostFigureKind = (typeof costFigureKinds)[number];
export const costFigureKindNames: Record<CostFigureKind, string> = {
  'living-funds-london': 'Living funds per month, London',
  'living-funds-outside-london': 'Living funds per month, outside London',
  'visa-fee': 'Student visa fee',
  'health-surcharge-per-year': 'Immigration Health Surcharge per year',
};

export const catalogueId = z
  .string({ error: 'Enter an id' })
  .trim()
  .min(1, 'Enter an id')
  .max(120, 'An id is at most 120 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'An id is lower-case letters, digits and single hyphens, such as msc-data-science-leeds',
  );

const capitalised = (label: string) => `${label[0]!.toUpperCase()}${label.slice(1)}`;

/** Catalogue text is shown as published: no bidi control may reorder how it reads. */
const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(min, `Enter ${label}`)
    .max(max, `${capitalised(label)} is at most ${max} characters`)
    .refine((v) => !hasBidiControl(v), bidiControlMessage(capitalised(label)));

const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (isBlank(v) ? '' : v), text(label, max, 0));

const isoDay = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-06-30`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} must be a real date`);

const httpsUrl = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .max(500, `${label} is at most 500 characters`)
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && !url.username && !url.password;
      } catch {
        return false;
      }
    }, `${label} must be an https:// address`);

/** Numbers arrive as numbers from JSON and as text from forms and CSV. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/[£,\s]/g, ''))) : v,
    z
      .number({ error: `Enter ${label} as a whole number` })
      .int(`Enter ${label} as a whole number`)
      .min(
        min,
        `${label[0]!.toUpperCase()}${label.slice(1)} is at least ${min.toLocaleString('en-GB')}`,
      )
      .max(
        max,
        `${label[0]!.toUpperCase()}${label.slice(1)} is at most ${max.toLocaleString('en-GB')}`,
      ),
  );

const ieltsBand = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: `Enter ${label} as a band such as 6.5` })
      .min(4, `${label} is a band from 4 to 9`)
      .max(9, `${label} is a band from 4 to 9`)
      .refine((n) => Number.isInteger(n * 2), `${label} is a whole or half band, such as 6 or 6.5`),
  );

/** yes / no (true / false, 1 / 0) from CSV and forms; an empty cell is `blank`. */
const yesNo = (label: string, blank: boolean) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim().toLowerCase();
      if (t === '') return blank;
      if (t === 'yes' || t === 'true' || t === '1') return true;
      if (t === 'no' || t === 'false' || t === '0') return false;
      return v;
    },
    z.boolean({ error: `${label} is yes or no` }),
  );

/** "September:2026-06-30; January" (a deadline only when one is published). */
export function intakesToText(intakes: { month: string; deadline: string | null }[]): string {
  return intakes.map((i) => (i.deadline ? `${i.month}:${i.deadline}` : i.month)).join('; ');
}

function textToIntakes(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return v
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [month = '', deadline = ''] = part.split(':').map((s) => s.trim());
      const known = months.find((m) => m.toLowerCase() === month.toLowerCase());
      return { month: known ?? month, deadline: deadline === '' ? null : deadline };
    });
}

const intakeInput = z.object({
  month: z.enum(months, { error: 'An intake is a month such as September' }),
  deadline: z.preprocess((v) => (isBlank(v) ? null : v), isoDay('A deadline').nullable()),
});

/** "IT; Cybersecurity" in CSV; a list from the form. The first is the main one. */
function textToList(v: unknown): unknown {
  return typeof v === 'string'
    ? v
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
}

const localeLabels: Record<(typeof otherLocales)[number], string> = {
  'zh-CN': 'Chinese',
  ar: 'Arabic',
  ur: 'Urdu',
  hi: 'Hindi',
  fr: 'French',
};

/**
 * The name in each other language (issue 26 §4): optional, checked like the name; a blank one is
 * left out (the English name stands in for it).
 */
const otherNames = z
  .strictObject(
    Object.fromEntries(
      otherLocales.map((l) => [l, optionalText(`the ${localeLabels[l]} name`, 200).optional()]),
    ) as Record<(typeof otherLocales)[number], z.ZodOptional<ReturnType<typeof optionalText>>>,
  )
  .transform((names): NamesInOtherLocales =>
    Object.fromEntries(Object.entries(names).filter(([, v]) => typeof v === 'string' && v)),
  );

export const universityInput = z.strictObject({
  id: catalogueId,
  name: text('a name', 200),
  names: otherNames.default({}),
  location: text('a city', 100),
  region: z.enum(ukRegions, { error: 'Choose a UK region' }),
  website: httpsUrl('The website'),
  ranking: wholeNumber('the ranking', 1, 1000),
  active: yesNo('Active', true).default(true),
});
export type UniversityInput = z.input<typeof universityInput>;
export type UniversityValues = z.output<typeof universityInput>;

export const programInput = z
  .strictObject({
    id: catalogueId,
    universityId: catalogueId,
    name: text('a name', 200),
    level: studyLevel,
    description: optionalText('the description', 2000),
    requirements: text('the entry requirements', 1000),
    tuitionGbp: wholeNumber('the tuition fee', 0, 200_000),
    feeYear: z
      .string({ error: 'Enter the fee year' })
      .trim()
      .regex(/^20\d\d\/\d\d$/, 'The fee year is written like 2026/27'),
    ieltsOverall: ieltsBand('IELTS overall'),
    ieltsMinComponent: ieltsBand('IELTS per component'),
    englishEquivalents: optionalText('the accepted equivalents', 500),
    academicLevel: text('the academic level (such as 2:1 or AAB)', 40),
    academicRequirement: optionalText('the academic requirement', 1000),
    intakes: z.preprocess(
      textToIntakes,
      z
        .array(intakeInput)
        .min(1, 'Enter at least one intake, such as September:2026-06-30')
        .max(12, 'At most 12 intakes')
        .refine(
          (list) => new Set(list.map((i) => i.month)).size === list.length,
          'Each intake month once',
        ),
    ),
    durationMonths: wholeNumber('the duration in months', 1, 96),
    studyMode: z.enum(studyModes, { error: 'Study mode is Full-time or Part-time' }),
    categories: z.preprocess(
      textToList,
      z
        .array(z.string().trim().min(1).max(60))
        .min(1, 'Choose at least one category')
        .max(5, 'At most 5 categories')
        .refine((list) => new Set(list).size === list.length, 'Each category once'),
    ),
    url: z.preprocess((v) => (isBlank(v) ? null : v), httpsUrl('The course page').nullable()),
    lastChecked: z.preprocess((v) => (isBlank(v) ? null : v), isoDay('Last checked').nullable()),
    /** The Academic Technology Approval Scheme: the after-offer checklist asks for the certificate. */
    atasRequired: yesNo('ATAS needed', false).default(false),
    active: yesNo('Active', true).default(true),
  })
  .refine((p) => p.ieltsMinComponent <= p.ieltsOverall, {
    path: ['ieltsMinComponent'],
    message: 'The per-component band cannot be above the overall band',
  });
export type ProgramInput = z.input<typeof programInput>;
export type ProgramValues = z.output<typeof programInput>;

export const costFigureInput = z.strictObject({
  kind: z.enum(costFigureKinds, { error: 'Choose which figure this is' }),
  amountGbp: wholeNumber('the amount', 1, 100_000),
  effectiveFrom: isoDay('Effective from'),
  source: text('the source', 300),
  sourceUrl: z.preprocess(
    (v) => (isBlank(v) ? '' : v),
    z.union([z.literal(''), httpsUrl('The source address')]),
  ),
});
export type CostFigureInput = z.input<typeof costFigureInput>;
export type CostFigureValues = z.output<typeof costFigureInput>;

/** A subject category's name as the team writes it (the public filter shows it as written). */
const categoryLabel = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
  z
    .string({ error: 'Enter a name' })
    .min(1, 'Enter a name')
    .max(60, 'A category name is at most 60 characters')
    .pipe(categoryName),
);

export const categoryInput = z.strictObject({ name: categoryLabel });
export const categoryChange = z
  .strictObject({
    name: categoryLabel.optional(),
    active: z.boolean({ error: 'Active is true or false' }).optional(),
  })
  .refine(
    (c) => c.name !== undefined || c.active !== undefined,
    'Give a new name or whether it is active',
  );
export type CategoryChange = z.infer<typeof categoryChange>;

export interface StaffCategory {
  name: string;
  active: boolean;
  /** Programs (active or not) that list it. */
  programCount: number;
}

export const catalogueProgramsQuery = z.strictObject({
  q: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.string().trim().max(100, 'Search is at most 100 characters').optional(),
  ),
  universityId: z.preprocess((v) => (isBlank(v) ? undefined : v), catalogueId.optional()),
  page: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.coerce
      .number({ error: 'Page is a number' })
      .int('Page is a whole number')
      .min(1, 'Page is 1 or more')
      .max(10_000, 'Page is too large')
      .default(1),
  ),
});
export type CatalogueProgramsQuery = z.infer<typeof catalogueProgramsQuery>;

/** The columns of the program CSV (template, import, export), in order. */
export const programCsvColumns = [
  'id',
  'university_id',
  'name',
  'level',
  'description',
  'requirements',
  'tuition_gbp',
  'fee_year',
  'ielts_overall',
  'ielts_min_component',
  'english_equivalents',
  'academic_level',
  'academic_requirement',
  'intakes',
  'duration_months',
  'study_mode',
  'categories',
  'url',
  'last_checked',
  'atas_required',
  'active',
] as const;
export type ProgramCsvColumn = (typeof programCsvColumns)[number];

/** CSV column to form field. */
export const programCsvFields: Record<ProgramCsvColumn, keyof ProgramValues> = {
  id: 'id',
  university_id: 'universityId',
  name: 'name',
  level: 'level',
  description: 'description',
  requirements: 'requirements',
  tuition_gbp: 'tuitionGbp',
  fee_year: 'feeYear',
  ielts_overall: 'ieltsOverall',
  ielts_min_component: 'ieltsMinComponent',
  english_equivalents: 'englishEquivalents',
  academic_level: 'academicLevel',
  academic_requirement: 'academicRequirement',
  intakes: 'intakes',
  duration_months: 'durationMonths',
  study_mode: 'studyMode',
  categories: 'categories',
  url: 'url',
  last_checked: 'lastChecked',
  atas_required: 'atasRequired',
  active: 'active',
};

export const maxImportRows = 20_000;
export const maxImportBytes = 16 * 1024 * 1024;

export interface ImportRowError {
  /** The line of the file (the header is line 1). */
  line: number;
  id: string;
  errors: string[];
}

export interface ImportRowChange {
  line: number;
  id: string;
  action: 'create' | 'update';
  /** The fields that change (CSV column names); every field for a new program. */
  fields: string[];
}

export interface ImportReport {
  applied: boolean;
  rows: number;
  creates: number;
  updates: number;
  unchanged: number;
  errors: ImportRowError[];
  changes: ImportRowChange[];
  /** Milliseconds the server took. */
  tookMs: number;
}

export interface StaffUniversity {
  id: string;
  name: string;
  names: NamesInOtherLocales;
  location: string;
  region: string;
  website: string;
  ranking: number;
  logoUrl: string;
  active: boolean;
  programCount: number;
  /** The version an edit names (issue 25 §2). */
  version: number;
  updatedAt: string;
}

export interface StaffProgram extends ProgramValues {
  universityName: string;
  /** The version an edit names (issue 25 §2). */
  version: number;
  updatedAt: string;
}

export interface StaffProgramPage {
  items: StaffProgram[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StaffCostFigure extends CostFigureValues {
  id: string;
  /** Whether this is the figure of its kind in force today. */
  inForce: boolean;
  /** The version an edit names (issue 25 §2). */
  version: number;
  updatedAt: string;
}
