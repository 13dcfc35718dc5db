import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { inEveryLanguage } from '../../shared/schemas/site.ts';
import {
  categoryName,
  namesInOtherLocales,
  programIntake,
  studyLevel,
  studyMode,
  ukRegion,
} from '../../shared/schemas/catalogue.ts';

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const fileName = z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/);
const httpsUrl = z.url({ protocol: /^https$/ });
const ielts = z.number().min(4).max(9).multipleOf(0.5);

const universitiesFile = z.object({
  rankingSource: z.string().min(1),
  universities: z
    .array(
      z.object({
        id,
        name: z.string().min(1),
        names: namesInOtherLocales.default({}),
        location: z.string().min(1),
        region: ukRegion,
        website: httpsUrl,
        ranking: z.number().int().min(1).max(200),
        logo: fileName,
      }),
    )
    .min(1),
});

const programsFile = z.object({
  programs: z.array(
    z.object({
      id,
      universityId: id,
      name: z.string().min(1),
      level: studyLevel,
      description: z.string(),
      requirements: z.string().min(1),
      tuitionGbp: z.number().int().min(1000).max(200_000),
      feeYear: z.string().regex(/^\d{4}\/\d{2}$/),
      ieltsOverall: ielts,
      ieltsMinComponent: ielts,
      englishEquivalents: z.string(),
      academicLevel: z.string().min(1),
      academicRequirement: z.string(),
      intakes: z.array(programIntake).min(1),
      durationMonths: z.number().int().min(1).max(96),
      studyMode,
      categories: z.array(categoryName).min(1),
      url: httpsUrl.nullable(),
      lastChecked: z.iso.date().nullable(),
    }),
  ),
});

const consultantsFile = z.object({
  consultants: z.array(
    z.object({
      id,
      name: z.string().min(1),
      /** In each of the site's six languages (issue 26 §3). */
      role: inEveryLanguage('The role', 200),
      nationality: inEveryLanguage('The nationality', 100),
      image: fileName,
      /** Their own WhatsApp number; without one, chats go to the provider's number (D8). */
      whatsappNumber: z
        .string()
        .regex(/^\+[1-9]\d{6,14}$/, 'Use the international format, e.g. +447700900123')
        .optional(),
      /** Their own room on the meeting service (letters, digits and dashes). */
      meetingRoom: z
        .string()
        .regex(/^[A-Za-z0-9-]{3,100}$/, 'Letters, digits and dashes only')
        .optional(),
    }),
  ),
});

const costsFile = z.object({
  figures: z.array(
    z.object({
      id,
      kind: z.enum([
        'living-funds-london',
        'living-funds-outside-london',
        'visa-fee',
        'health-surcharge-per-year',
      ]),
      amountGbp: z.number().int().min(0),
      effectiveFrom: z.iso.date(),
      source: z.string().min(1),
      sourceUrl: z.union([httpsUrl, z.literal('')]),
    }),
  ),
});

export type CatalogueFiles = {
  rankingSource: string;
  universities: z.infer<typeof universitiesFile>['universities'];
  programs: z.infer<typeof programsFile>['programs'];
  consultants: z.infer<typeof consultantsFile>['consultants'];
  costs: z.infer<typeof costsFile>['figures'];
};

async function readJson<S extends z.ZodType>(
  dir: string,
  name: string,
  schema: S,
): Promise<z.infer<S>> {
  const file = path.join(dir, name);
  const result = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues
      .map((i) => `  - ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new Error(`Catalogue file ${file} is not valid:\n${problems}`);
  }
  return result.data;
}

/** Reads and cross-checks the catalogue data files; any problem stops start-up. */
export async function readCatalogueFiles(dir: string): Promise<CatalogueFiles> {
  const [u, p, c, k] = await Promise.all([
    readJson(dir, 'universities.json', universitiesFile),
    readJson(dir, 'programs.json', programsFile),
    readJson(dir, 'consultants.json', consultantsFile),
    readJson(dir, 'uk-costs.json', costsFile),
  ]);
  const universityIds = new Set(u.universities.map((x) => x.id));
  const orphans = p.programs.filter((x) => !universityIds.has(x.universityId));
  if (orphans.length > 0) {
    throw new Error(
      `Programs name unknown universities: ${orphans.map((x) => `${x.id} -> ${x.universityId}`).join(', ')}`,
    );
  }
  return {
    rankingSource: u.rankingSource,
    universities: u.universities,
    programs: p.programs,
    consultants: c.consultants,
    costs: k.figures,
  };
}
