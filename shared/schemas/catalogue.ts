import { z } from 'zod';

export const studyLevels = ['Bachelors', 'Masters'] as const;
export const intakes = ['September'] as const;
export const programCategories = ['Engineering', 'Business', 'IT', 'Cybersecurity', 'Tourism'] as const;

export const studyLevel = z.enum(studyLevels);
export const intake = z.enum(intakes);
export const programCategory = z.enum(programCategories);

const slugId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case id such as university-of-leeds');

export const university = z.object({
  id: slugId,
  name: z.string().min(1).max(200),
  location: z.string().min(1).max(100),
  ranking: z.number().int().min(1).max(126),
  logoUrl: z.string(),
});
export type University = z.infer<typeof university>;

export const program = z.object({
  id: slugId,
  universityId: slugId,
  universityName: z.string(),
  name: z.string().min(1).max(200),
  level: studyLevel,
  duration: z.string().min(1).max(100),
  intake,
  requirements: z.string().min(1).max(1000),
  tuition: z.string().regex(/^£\d{2},\d{3} per year$/, 'Tuition reads like "£38,500 per year"'),
  category: programCategory,
  url: z.url({ protocol: /^https$/ }),
});
export type Program = z.infer<typeof program>;

export const consultant = z.object({
  id: slugId,
  name: z.string().min(1).max(200),
  role: z.string().min(1).max(200),
  nationality: z.string().min(1).max(100),
  imageUrl: z.string(),
});
export type Consultant = z.infer<typeof consultant>;

const searchText = z.string().trim().max(100, 'Search text is at most 100 characters').optional();

/** Query strings arrive as strings or, when repeated, arrays; blank means "no filter". */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const universityQuery = z
  .object({ q: searchText })
  .strict();
export type UniversityQuery = z.infer<typeof universityQuery>;

export const programQuery = z
  .object({
    q: searchText,
    level: z.preprocess(blankToUndefined, studyLevel.optional()),
    intake: z.preprocess(blankToUndefined, intake.optional()),
    category: z.preprocess(blankToUndefined, programCategory.optional()),
    universityId: z.preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(slugId).max(30).optional(),
    ),
  })
  .strict();
export type ProgramQuery = z.infer<typeof programQuery>;

export const universityIdParam = z.object({ id: slugId });

/** A program whose link is only its university's front page (no path): say so, not "program page". */
export function isUniversityHomePage(url: string): boolean {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') === '';
  } catch {
    return false;
  }
}
