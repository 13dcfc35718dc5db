import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultants, programs, universities } from '../../db/schema/index.ts';
import type { ProgramQuery } from '../../../shared/schemas/catalogue.ts';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function findUniversities(db: Db, q: string | undefined) {
  const filters: (SQL | undefined)[] = [eq(universities.active, true)];
  if (q) {
    const pattern = containsPattern(q);
    filters.push(or(ilike(universities.name, pattern), ilike(universities.location, pattern)));
  }
  return db
    .select({
      id: universities.id,
      name: universities.name,
      location: universities.location,
      ranking: universities.ranking,
      logo: universities.logo,
    })
    .from(universities)
    .where(and(...filters))
    .orderBy(asc(universities.ranking), asc(universities.name));
}

export async function findUniversity(db: Db, id: string) {
  const [row] = await db
    .select({
      id: universities.id,
      name: universities.name,
      location: universities.location,
      ranking: universities.ranking,
      logo: universities.logo,
    })
    .from(universities)
    .where(and(eq(universities.id, id), eq(universities.active, true)));
  return row;
}

export function findPrograms(db: Db, query: ProgramQuery) {
  const filters: (SQL | undefined)[] = [eq(programs.active, true), eq(universities.active, true)];
  if (query.q) filters.push(ilike(programs.name, containsPattern(query.q)));
  if (query.level) filters.push(eq(programs.level, query.level));
  if (query.intake) filters.push(eq(programs.intake, query.intake));
  if (query.category) filters.push(eq(programs.category, query.category));
  if (query.universityId?.length) filters.push(inArray(programs.universityId, query.universityId));
  return db
    .select({
      id: programs.id,
      universityId: programs.universityId,
      universityName: universities.name,
      name: programs.name,
      level: programs.level,
      duration: programs.duration,
      intake: programs.intake,
      requirements: programs.requirements,
      tuition: programs.tuition,
      category: programs.category,
      url: programs.url,
    })
    .from(programs)
    .innerJoin(universities, eq(universities.id, programs.universityId))
    .where(and(...filters))
    .orderBy(asc(programs.name));
}

export function findConsultants(db: Db) {
  return db
    .select({
      id: consultants.id,
      name: consultants.name,
      role: consultants.role,
      nationality: consultants.nationality,
      image: consultants.image,
    })
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.sortOrder));
}
