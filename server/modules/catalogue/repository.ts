import { and, asc, desc, eq } from 'drizzle-orm';
import type { LatestUpdate } from '../../../shared/schemas/site.ts';
import type { Db } from '../../db/client.ts';
import {
  consultants,
  latestUpdates,
  programCategories,
  programs,
  ukCostFigures,
  universities,
} from '../../db/schema/index.ts';

const universityColumns = {
  id: universities.id,
  name: universities.name,
  names: universities.names,
  location: universities.location,
  region: universities.region,
  website: universities.website,
  ranking: universities.ranking,
  logo: universities.logo,
};

/** A program's own facts, as the public catalogue and the console's editor both read them. */
export const programFactColumns = {
  id: programs.id,
  universityId: programs.universityId,
  name: programs.name,
  level: programs.level,
  description: programs.description,
  requirements: programs.requirements,
  tuitionGbp: programs.tuitionGbp,
  feeYear: programs.feeYear,
  ieltsOverall: programs.ieltsOverall,
  ieltsMinComponent: programs.ieltsMinComponent,
  englishEquivalents: programs.englishEquivalents,
  academicLevel: programs.academicLevel,
  academicRequirement: programs.academicRequirement,
  intakes: programs.intakes,
  durationMonths: programs.durationMonths,
  studyMode: programs.studyMode,
  categories: programs.categories,
  url: programs.url,
  lastChecked: programs.lastChecked,
};

const programColumns = {
  ...programFactColumns,
  universityName: universities.name,
  /** For search only: the university's name in the other languages. */
  universityNames: universities.names,
  universityRanking: universities.ranking,
  universityWebsite: universities.website,
  city: universities.location,
  region: universities.region,
};

const selectPrograms = (db: Db) =>
  db
    .select(programColumns)
    .from(programs)
    .innerJoin(universities, eq(universities.id, programs.universityId));
export type ProgramRow = Awaited<ReturnType<typeof selectPrograms>>[number];
const selectUniversities = (db: Db) => db.select(universityColumns).from(universities);
export type UniversityRow = Awaited<ReturnType<typeof selectUniversities>>[number];

export interface CatalogueRows {
  universities: UniversityRow[];
  programs: ProgramRow[];
  figures: {
    kind: string;
    amountGbp: number;
    effectiveFrom: string;
    source: string;
    sourceUrl: string;
  }[];
  /** The home page's Latest Updates, in their order (issue 26 §3). */
  latestUpdates: LatestUpdate[];
  /** The active consultants as /free shows them, in their order. */
  consultants: ConsultantRow[];
  /** The team's active subject categories, in their order (the public filter). */
  categories: string[];
}

/** The whole public catalogue: active universities by ranking, their active programs, the UK cost figures. */
export async function loadCatalogueRows(db: Db): Promise<CatalogueRows> {
  const [u, p, f, c, l, people] = await Promise.all([
    selectUniversities(db)
      .where(eq(universities.active, true))
      .orderBy(asc(universities.ranking), asc(universities.name)),
    selectPrograms(db).where(and(eq(programs.active, true), eq(universities.active, true))),
    db
      .select({
        kind: ukCostFigures.kind,
        amountGbp: ukCostFigures.amountGbp,
        effectiveFrom: ukCostFigures.effectiveFrom,
        source: ukCostFigures.source,
        sourceUrl: ukCostFigures.sourceUrl,
      })
      .from(ukCostFigures)
      .orderBy(asc(ukCostFigures.kind), desc(ukCostFigures.effectiveFrom)),
    db
      .select({ name: programCategories.name })
      .from(programCategories)
      .where(eq(programCategories.active, true))
      .orderBy(asc(programCategories.sortOrder), asc(programCategories.name)),
    db
      .select({
        key: latestUpdates.key,
        title: latestUpdates.title,
        summary: latestUpdates.summary,
        url: latestUpdates.url,
      })
      .from(latestUpdates)
      .orderBy(asc(latestUpdates.sortOrder)),
    findConsultants(db),
  ]);
  return {
    universities: u,
    programs: p,
    figures: f,
    categories: c.map((r) => r.name),
    latestUpdates: l as LatestUpdate[],
    consultants: people,
  };
}

export type ConsultantRow = Awaited<ReturnType<typeof findConsultants>>[number];

export function findConsultants(db: Db) {
  return db
    .select({
      id: consultants.id,
      name: consultants.name,
      role: consultants.roleByLanguage,
      nationality: consultants.nationalityByLanguage,
      image: consultants.image,
      whatsappNumber: consultants.whatsappNumber,
      meetingRoom: consultants.meetingRoom,
    })
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.sortOrder));
}
