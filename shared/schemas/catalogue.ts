import { z } from 'zod';

import {
  studyLevels,
  months,
  intakes,
  programCategories,
  ukRegions,
  studyModes,
  programSorts,
} from '../catalogue-values.ts';

export { studyLevels, months, intakes, programCategories, ukRegions, studyModes, programSorts };

export const studyLevel = z.enum(studyLevels);
export const intakeMonth = z.enum(months);
export const ukRegion = z.enum(ukRegions);
export const studyMode = z.enum(studyModes);
export const categoryName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'-]*$/u, 'A category is letters, digits and spaces');

const slugId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case id such as university-of-leeds');

/** The site's languages besides English, in which a university's name may be written too. */
export const otherLocales = ['zh-CN', 'ar', 'ur', 'hi', 'fr'] as const;
export type OtherLocale = (typeof otherLocales)[number];
/** A name in the site's other languages (issue 26 §4): a search matches each of them. */
export const namesInOtherLocales = z.partialRecord(z.enum(otherLocales), z.string());
export type NamesInOtherLocales = z.infer<typeof namesInOtherLocales>;

export const university = z.object({
  id: slugId,
  name: z.string().min(1).max(200),
  /** Its name as readers of the other languages write it (曼彻斯特大学, جامعة مانشستر, ...). */
  names: namesInOtherLocales,
  location: z.string().min(1).max(100),
  region: z.string(),
  website: z.string(),
  ranking: z.number().int().min(1).max(200),
  logoUrl: z.string(),
  /** Active programs the catalogue lists at this university. */
  programCount: z.number().int().min(0),
});
export type University = z.infer<typeof university>;

export const programIntake = z.object({
  month: intakeMonth,
  /** ISO date; null when the university publishes no deadline. */
  deadline: z.iso.date().nullable(),
});
export type ProgramIntake = z.infer<typeof programIntake>;

/** The first-year sum a student plans for and shows for the visa (issue 11 item 6). */
/** What a cost line is, with its numbers: the page words it in the reader's language. */
export const costFact = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tuition'), feeYear: z.string() }),
  z.object({
    kind: z.literal('living'),
    months: z.number().int(),
    monthlyGbp: z.number(),
    inLondon: z.boolean(),
  }),
  z.object({ kind: z.literal('visa') }),
  z.object({
    kind: z.literal('healthSurcharge'),
    months: z.number().int(),
    perYearGbp: z.number(),
  }),
]);
export type CostFact = z.infer<typeof costFact>;

export const costLine = z.object({
  /** In English, as the API has always answered; `fact` says the same in numbers. */
  label: z.string(),
  fact: costFact,
  amountGbp: z.number().int(),
  detail: z.string(),
  effectiveFrom: z.string().nullable(),
  source: z.string(),
  sourceUrl: z.string(),
});
export const costOfStudy = z.object({
  totalGbp: z.number().int(),
  lines: z.array(costLine),
});
export type CostOfStudy = z.infer<typeof costOfStudy>;

export const program = z.object({
  id: slugId,
  universityId: slugId,
  universityName: z.string(),
  universityRanking: z.number().int(),
  city: z.string(),
  region: z.string(),
  name: z.string().min(1).max(200),
  level: studyLevel,
  description: z.string(),
  /** Display: "1 year full-time". */
  duration: z.string(),
  durationMonths: z.number().int().min(1).max(96),
  studyMode,
  /** Display: "September" (the intake months, joined). */
  intake: z.string(),
  intakes: z.array(programIntake).min(1),
  /** The spec's entry requirements text. */
  requirements: z.string(),
  /** Display: "£38,500 per year". */
  tuition: z.string(),
  tuitionGbp: z.number().int().min(0),
  feeYear: z.string(),
  ieltsOverall: z.number(),
  ieltsMinComponent: z.number(),
  englishEquivalents: z.string(),
  academicLevel: z.string(),
  academicRequirement: z.string(),
  /** The main category (the first of `categories`). */
  category: z.string(),
  categories: z.array(z.string()).min(1),
  /** The official course page, or the university's website when no course page is known. */
  url: z.string(),
  urlIsCoursePage: z.boolean(),
  lastChecked: z.string().nullable(),
  costOfStudy: costOfStudy,
});
export type Program = z.infer<typeof program>;

export const consultant = z.object({
  id: slugId,
  name: z.string().min(1).max(200),
  /** Role and nationality in each of the site's six languages (issue 26 §3). */
  role: z.record(z.enum(['en', 'zh-CN', 'ar', 'ur', 'hi', 'fr']), z.string()),
  nationality: z.record(z.enum(['en', 'zh-CN', 'ar', 'ur', 'hi', 'fr']), z.string()),
  imageUrl: z.string(),
  /** Their own WhatsApp number (E.164), or null: the provider's number then. */
  whatsappNumber: z.string().nullable(),
  /** Their own room name on the meeting service, or null: a room named after them then. */
  meetingRoom: z.string().nullable(),
});
export type Consultant = z.infer<typeof consultant>;

const searchText = z.string().trim().max(100, 'Search text is at most 100 characters').optional();

/** Query strings arrive as strings or, when repeated, arrays; blank means "no filter". */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const asArray = (value: unknown) => (value === undefined || Array.isArray(value) ? value : [value]);
const wholeNumber = (max: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,7}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(0).max(max, message))
      .optional(),
  );

export const universityQuery = z.object({ q: searchText }).strict();
export type UniversityQuery = z.infer<typeof universityQuery>;

export const programQuery = z
  .object({
    q: searchText,
    level: z.preprocess(blankToUndefined, studyLevel.optional()),
    intake: z.preprocess(blankToUndefined, intakeMonth.optional()),
    category: z.preprocess(blankToUndefined, categoryName.optional()),
    universityId: z.preprocess(asArray, z.array(slugId).max(30).optional()),
  })
  .strict();
export type ProgramQuery = z.infer<typeof programQuery>;

export const programPageSizes = [10, 20, 50] as const;

/** /api/programs/search: words, filters, sort and a page; the picked universities' programs first. */
export const programSearchQuery = z
  .object({
    q: searchText,
    level: z.preprocess(blankToUndefined, studyLevel.optional()),
    intake: z.preprocess(blankToUndefined, intakeMonth.optional()),
    category: z.preprocess(blankToUndefined, categoryName.optional()),
    region: z.preprocess(blankToUndefined, ukRegion.optional()),
    feeMin: wholeNumber(1_000_000, 'A fee is a whole number of pounds'),
    feeMax: wholeNumber(1_000_000, 'A fee is a whole number of pounds'),
    /** Programs asking at most this IELTS overall score. */
    ielts: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d(\.[05])?$/, 'IELTS is a band such as 6 or 6.5')
        .transform(Number)
        .pipe(z.number().min(0).max(9))
        .optional(),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(programSorts).default('ranking')),
    page: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,4}$/, 'A page is a number from 1')
        .transform(Number)
        .pipe(z.number().int().min(1).max(2000))
        .default(1),
    ),
    pageSize: z.preprocess(
      blankToUndefined,
      z
        .enum(programPageSizes.map(String) as ['10', '20', '50'])
        .transform(Number)
        .default(20),
    ),
    picked: z.preprocess(asArray, z.array(slugId).max(3).optional()),
  })
  .strict();
export type ProgramSearchQuery = z.infer<typeof programSearchQuery>;

export interface ProgramSearchResult {
  programs: Program[];
  total: number;
  /** Of `total`, how many are at the picked universities (listed first). */
  pickedTotal: number;
  page: number;
  pageSize: number;
}

export const universityIdParam = z.object({ id: slugId });
export const programIdParam = z.object({ id: slugId });
