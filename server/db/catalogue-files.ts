import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { intake, programCategory, studyLevel } from '../../shared/schemas/catalogue.ts';

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const fileName = z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/);

const universitiesFile = z.object({
  rankingSource: z.string().min(1),
  universities: z
    .array(
      z.object({
        id,
        name: z.string().min(1),
        location: z.string().min(1),
        ranking: z.number().int().min(1).max(126),
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
      duration: z.string().min(1),
      intake,
      requirements: z.string().min(1),
      tuition: z.string().regex(/^£\d{2},\d{3} per year$/),
      category: programCategory,
      url: z.url({ protocol: /^https$/ }),
    }),
  ),
});

const consultantsFile = z.object({
  consultants: z.array(
    z.object({ id, name: z.string().min(1), role: z.string().min(1), nationality: z.string().min(1), image: fileName }),
  ),
});

export type CatalogueFiles = {
  rankingSource: string;
  universities: z.infer<typeof universitiesFile>['universities'];
  programs: z.infer<typeof programsFile>['programs'];
  consultants: z.infer<typeof consultantsFile>['consultants'];
};

async function readJson<S extends z.ZodType>(dir: string, name: string, schema: S): Promise<z.infer<S>> {
  const file = path.join(dir, name);
  const result = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Catalogue file ${file} is not valid:\n${problems}`);
  }
  return result.data;
}

/** Reads and cross-checks the catalogue data files; any problem stops start-up. */
export async function readCatalogueFiles(dir: string): Promise<CatalogueFiles> {
  const [u, p, c] = await Promise.all([
    readJson(dir, 'universities.json', universitiesFile),
    readJson(dir, 'programs.json', programsFile),
    readJson(dir, 'consultants.json', consultantsFile),
  ]);
  const universityIds = new Set(u.universities.map((x) => x.id));
  const orphans = p.programs.filter((x) => !universityIds.has(x.universityId));
  if (orphans.length > 0) {
    throw new Error(`Programs name unknown universities: ${orphans.map((x) => `${x.id} -> ${x.universityId}`).join(', ')}`);
  }
  return { rankingSource: u.rankingSource, universities: u.universities, programs: p.programs, consultants: c.consultants };
}
