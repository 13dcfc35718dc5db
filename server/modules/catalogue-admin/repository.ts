import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  ProgramValues,
  UniversityValues,
  CostFigureValues,
} from '../../../shared/schemas/catalogue-admin.ts';
import {
  catalogueLogos,
  programCategories,
  programs,
  ukCostFigures,
  universities,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../audit/service.ts';
import { programFactColumns } from '../catalogue/repository.ts';

export const universityFields = {
  id: universities.id,
  name: universities.name,
  names: universities.names,
  location: universities.location,
  region: universities.region,
  website: universities.website,
  ranking: universities.ranking,
  logo: universities.logo,
  active: universities.active,
  updatedAt: universities.updatedAt,
  version: universities.version,
};

export const programFields = {
  ...programFactColumns,
  atasRequired: programs.atasRequired,
  active: programs.active,
  updatedAt: programs.updatedAt,
  version: programs.version,
};

export async function findUniversities(db: DbOrTx) {
  const counts = db
    .select({ universityId: programs.universityId, n: count().as('n') })
    .from(programs)
    .where(eq(programs.active, true))
    .groupBy(programs.universityId)
    .as('counts');
  return db
    .select({ ...universityFields, programCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(universities)
    .leftJoin(counts, eq(counts.universityId, universities.id))
    .orderBy(asc(universities.ranking), asc(universities.name));
}

export async function findUniversity(db: DbOrTx, id: string, lock = false) {
  const query = db.select(universityFields).from(universities).where(eq(universities.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUniversityIds(db: DbOrTx): Promise<Set<string>> {
  return new Set((await db.select({ id: universities.id }).from(universities)).map((r) => r.id));
}

export async function insertUniversity(db: DbOrTx, values: UniversityValues & { logo: string }) {
  await db.insert(universities).values(values);
}

export async function updateUniversity(
  db: DbOrTx,
  id: string,
  values: Partial<UniversityValues & { logo: string }>,
) {
  await db
    .update(universities)
    .set({ ...values, updatedAt: new Date(), version: sql`${universities.version} + 1` })
    .where(eq(universities.id, id));
}

export function programFilter(q: string | undefined, universityId: string | undefined) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    universityId ? eq(programs.universityId, universityId) : undefined,
    pattern ? or(ilike(programs.name, pattern), ilike(programs.id, pattern)) : undefined,
  );
}

export async function findPrograms(
  db: DbOrTx,
  filter: { q?: string; universityId?: string },
  limit: number,
  offset: number,
) {
  const where = programFilter(filter.q, filter.universityId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...programFields, universityName: universities.name })
      .from(programs)
      .innerJoin(universities, eq(universities.id, programs.universityId))
      .where(where)
      .orderBy(desc(programs.updatedAt), asc(programs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findProgram(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select({ ...programFields, universityName: universities.name })
    .from(programs)
    .innerJoin(universities, eq(universities.id, programs.universityId))
    .where(eq(programs.id, id));
  const [row] = lock ? await query.for('update', { of: programs }) : await query;
  return row ?? null;
}

/** Every program, for an import to compare its rows with (and export). */
export function findAllPrograms(db: DbOrTx) {
  return db
    .select(programFields)
    .from(programs)
    .orderBy(asc(programs.universityId), asc(programs.id));
}

/**
 * Inserts new programs and overwrites changed ones, 2,000 rows a statement passed as one JSON
 * parameter (jsonb_to_recordset): the embedded PGlite binds thousands of separate parameters
 * slowly, one JSON document quickly.
 */
export async function upsertPrograms(db: DbOrTx, rows: ProgramValues[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = JSON.stringify(rows.slice(i, i + 2000));
    await db.execute(sql`
      insert into programs (id, university_id, name, level, description, requirements, tuition_gbp, fee_year,
        ielts_overall, ielts_min_component, english_equivalents, academic_level, academic_requirement, intakes,
        duration_months, study_mode, categories, url, last_checked, atas_required, active, updated_at)
      select x."id", x."universityId", x."name", x."level", x."description", x."requirements", x."tuitionGbp", x."feeYear",
        x."ieltsOverall", x."ieltsMinComponent", x."englishEquivalents", x."academicLevel", x."academicRequirement", x."intakes",
        x."durationMonths", x."studyMode", array(select jsonb_array_elements_text(x."categories")), x."url", x."lastChecked", x."atasRequired", x."active", now()
      from jsonb_to_recordset(${chunk}::jsonb) as x("id" text, "universityId" text, "name" text, "level" text, "description" text,
        "requirements" text, "tuitionGbp" integer, "feeYear" text, "ieltsOverall" real, "ieltsMinComponent" real,
        "englishEquivalents" text, "academicLevel" text, "academicRequirement" text, "intakes" jsonb, "durationMonths" smallint,
        "studyMode" text, "categories" jsonb, "url" text, "lastChecked" date, "atasRequired" boolean, "active" boolean)
      on conflict (id) do update set
        university_id = excluded.university_id, name = excluded.name, level = excluded.level,
        description = excluded.description, requirements = excluded.requirements, tuition_gbp = excluded.tuition_gbp,
        fee_year = excluded.fee_year, ielts_overall = excluded.ielts_overall, ielts_min_component = excluded.ielts_min_component,
        english_equivalents = excluded.english_equivalents, academic_level = excluded.academic_level,
        academic_requirement = excluded.academic_requirement, intakes = excluded.intakes,
        duration_months = excluded.duration_months, study_mode = excluded.study_mode, categories = excluded.categories,
        url = excluded.url, last_checked = excluded.last_checked, atas_required = excluded.atas_required, active = excluded.active, updated_at = excluded.updated_at,
        version = programs.version + 1`);
  }
}

/** Every category, active first in the team's order, with how many programs list it. */
export async function findCategories(db: DbOrTx) {
  // written out: drizzle leaves table names off the columns of a one-table select
  const used = sql<number>`(select count(*)::int from programs p where program_categories.name = any(p.categories))`;
  return db
    .select({ name: programCategories.name, active: programCategories.active, programCount: used })
    .from(programCategories)
    .orderBy(
      desc(programCategories.active),
      asc(programCategories.sortOrder),
      asc(programCategories.name),
    );
}

/** The category of that name, compared without case ("it" is IT). */
export async function findCategory(db: DbOrTx, name: string, lock = false) {
  const query = db
    .select({ name: programCategories.name, active: programCategories.active })
    .from(programCategories)
    .where(sql`lower(${programCategories.name}) = lower(${name})`);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCategory(db: DbOrTx, name: string) {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${programCategories.sortOrder}), 0)::int` })
    .from(programCategories);
  await db.insert(programCategories).values({ name, sortOrder: (last?.n ?? 0) + 1 });
}

/** Renames it everywhere: the list, and every program that lists it (in place, keeping its order). */
export async function renameCategory(db: DbOrTx, from: string, to: string): Promise<number> {
  await db
    .update(programCategories)
    .set({ name: to, updatedAt: new Date() })
    .where(eq(programCategories.name, from));
  const renamed = await db
    .update(programs)
    .set({
      categories: sql`array_replace(${programs.categories}, ${from}, ${to})`,
      updatedAt: new Date(),
    })
    .where(sql`${from} = any(${programs.categories})`)
    .returning({ id: programs.id });
  return renamed.length;
}

export async function setCategoryActive(db: DbOrTx, name: string, active: boolean) {
  await db
    .update(programCategories)
    .set({ active, updatedAt: new Date() })
    .where(eq(programCategories.name, name));
}

export async function findCategoryNames(db: DbOrTx): Promise<string[]> {
  return (
    await db
      .select({ name: programCategories.name })
      .from(programCategories)
      .where(eq(programCategories.active, true))
      .orderBy(asc(programCategories.sortOrder))
  ).map((r) => r.name);
}

const figureFields = {
  id: ukCostFigures.id,
  kind: ukCostFigures.kind,
  amountGbp: ukCostFigures.amountGbp,
  effectiveFrom: ukCostFigures.effectiveFrom,
  source: ukCostFigures.source,
  sourceUrl: ukCostFigures.sourceUrl,
  updatedAt: ukCostFigures.updatedAt,
  version: ukCostFigures.version,
};

export function findCostFigures(db: DbOrTx) {
  return db
    .select(figureFields)
    .from(ukCostFigures)
    .orderBy(asc(ukCostFigures.kind), desc(ukCostFigures.effectiveFrom));
}

export async function findCostFigure(db: DbOrTx, id: string) {
  const [row] = await db
    .select(figureFields)
    .from(ukCostFigures)
    .where(eq(ukCostFigures.id, id))
    .for('update');
  return row ?? null;
}

export async function insertCostFigure(db: DbOrTx, id: string, values: CostFigureValues) {
  await db.insert(ukCostFigures).values({ id, ...values });
}

export async function updateCostFigure(db: DbOrTx, id: string, values: CostFigureValues) {
  await db
    .update(ukCostFigures)
    .set({ ...values, updatedAt: new Date(), version: sql`${ukCostFigures.version} + 1` })
    .where(eq(ukCostFigures.id, id));
}

export async function insertLogo(
  db: DbOrTx,
  logo: { data: Buffer; width: number; height: number },
): Promise<string> {
  const [row] = await db
    .insert(catalogueLogos)
    .values({ contentType: 'image/png', ...logo })
    .returning({ id: catalogueLogos.id });
  return row!.id;
}

export async function findLogo(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ data: catalogueLogos.data, contentType: catalogueLogos.contentType })
    .from(catalogueLogos)
    .where(eq(catalogueLogos.id, id));
  return row ?? null;
}
