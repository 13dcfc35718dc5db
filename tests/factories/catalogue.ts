import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/client.ts';
import { programs, universities } from '../../server/db/schema/index.ts';
import type { FastifyInstance } from 'fastify';
import { programCategories, ukRegions } from '../../shared/schemas/catalogue.ts';

type UniversityInsert = typeof universities.$inferInsert;
type ProgramInsert = typeof programs.$inferInsert;

const unique = () => randomUUID().slice(0, 8);

export function createUniversityRow(overrides: Partial<UniversityInsert> = {}): UniversityInsert {
  const id = overrides.id ?? `test-university-${unique()}`;
  return {
    id,
    name: `Test University ${id.slice(-8)}`,
    location: 'Bristol',
    region: 'South West',
    website: 'https://www.example.ac.uk/',
    ranking: 150,
    logo: 'university-of-leeds.svg',
    ...overrides,
  };
}

export function createProgramRow(
  overrides: Partial<ProgramInsert> & { universityId: string },
): ProgramInsert {
  const id = overrides.id ?? `test-program-${unique()}`;
  return {
    id,
    name: `MSc Test ${id.slice(-8)}`,
    level: 'Masters',
    description: 'A program made by a test.',
    requirements: 'A 2:1 degree. IELTS 6.5 overall with no component below 6.0.',
    tuitionGbp: 30_000,
    feeYear: '2025/26',
    ieltsOverall: 6.5,
    ieltsMinComponent: 6.0,
    englishEquivalents: '',
    academicLevel: '2:1',
    academicRequirement: 'A 2:1 degree.',
    intakes: [{ month: 'September', deadline: null }],
    durationMonths: 12,
    studyMode: 'Full-time',
    categories: ['Business'],
    url: null,
    lastChecked: null,
    ...overrides,
  };
}

/** Inserts a university and its programs straight into the catalogue tables, as the seed does, and has the app load them. */
export async function createCatalogueEntries(
  app: FastifyInstance,
  university: Partial<UniversityInsert> = {},
  programOverrides: Partial<ProgramInsert>[] = [{}],
) {
  const u = createUniversityRow(university);
  await app.db.insert(universities).values(u);
  const rows = programOverrides.map((p) => createProgramRow({ ...p, universityId: u.id }));
  if (rows.length > 0) await app.db.insert(programs).values(rows);
  await app.catalogue.reload();
  return { university: u, programs: rows };
}

const subjects = [
  ['Computer Science', 'IT'],
  ['Cyber Security', 'Cybersecurity'],
  ['Data Science', 'IT'],
  ['Mechanical Engineering', 'Engineering'],
  ['Civil Engineering', 'Engineering'],
  ['Management', 'Business'],
  ['Finance', 'Business'],
  ['Marketing', 'Business'],
  ['Tourism Management', 'Tourism'],
  ['Artificial Intelligence', 'IT'],
] as const;
const cities = [
  'London',
  'Leeds',
  'Bristol',
  'Glasgow',
  'Cardiff',
  'Belfast',
  'Norwich',
  'Nottingham',
  'Exeter',
  'Newcastle',
];
const months = ['September', 'January', 'May'] as const;

/**
 * A large synthetic catalogue for benches and scale tests: `universityCount` universities and
 * `programCount` programs spread over them, deterministic (the same call gives the same rows).
 */
export function generateCatalogue(universityCount: number, programCount: number) {
  const us: UniversityInsert[] = Array.from({ length: universityCount }, (_, i) => ({
    id: `generated-university-${i + 1}`,
    name: `${['Northgate', 'Southbank', 'Westmoor', 'Eastwood', 'Highfield'][i % 5]} University ${i + 1}`,
    location: cities[i % cities.length]!,
    region: ukRegions[i % ukRegions.length]!,
    website: `https://www.generated-${i + 1}.ac.uk/`,
    ranking: (i % 200) + 1,
    logo: 'university-of-leeds.svg',
  }));
  const ps: ProgramInsert[] = Array.from({ length: programCount }, (_, i) => {
    const [subject, category] = subjects[i % subjects.length]!;
    const masters = i % 3 !== 0;
    const level = masters ? 'Masters' : 'Bachelors';
    const ielts = [5.5, 6.0, 6.5, 7.0, 7.5][i % 5]!;
    const university = us[i % universityCount]!;
    const categories = [category, programCategories[i % programCategories.length]!].filter(
      (c, n, a) => a.indexOf(c) === n,
    );
    const name = `${masters ? 'MSc' : 'BSc'} ${subject} ${i + 1}`;
    return {
      id: `generated-program-${i + 1}`,
      universityId: university.id!,
      name,
      level,
      description: `${subject} at a generated university.`,
      requirements: `${masters ? 'A 2:1 degree' : 'AAB at A-level'}. IELTS ${ielts.toFixed(1)} overall.`,
      tuitionGbp: 15_000 + ((i * 137) % 30_000),
      feeYear: '2025/26',
      ieltsOverall: ielts,
      ieltsMinComponent: ielts - 0.5,
      englishEquivalents: '',
      academicLevel: masters ? '2:1' : 'AAB',
      academicRequirement: masters ? 'A 2:1 degree' : 'AAB at A-level',
      intakes: [{ month: months[i % months.length]!, deadline: null }],
      durationMonths: masters ? 12 : 36,
      studyMode: 'Full-time',
      categories,
      url: null,
      lastChecked: null,
    };
  });
  return { universities: us, programs: ps };
}

/** Loads a generated catalogue in batches. */
export async function loadGeneratedCatalogue(
  db: Db,
  universityCount: number,
  programCount: number,
) {
  const generated = generateCatalogue(universityCount, programCount);
  await db.insert(universities).values(generated.universities).onConflictDoNothing();
  for (let i = 0; i < generated.programs.length; i += 1000) {
    await db
      .insert(programs)
      .values(generated.programs.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return generated;
}
