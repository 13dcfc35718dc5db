import { asc, eq, sql } from 'drizzle-orm';
import type {
  ConsultantTextsValues,
  LatestUpdateValues,
} from '../../../shared/schemas/site-texts.ts';
import { consultants, latestUpdates } from '../../db/schema/index.ts';
import type { DbOrTx } from '../audit/service.ts';

const latestUpdateColumns = {
  key: latestUpdates.key,
  title: latestUpdates.title,
  summary: latestUpdates.summary,
  url: latestUpdates.url,
  version: latestUpdates.version,
  updatedAt: latestUpdates.updatedAt,
};

export function findLatestUpdates(db: DbOrTx) {
  return db.select(latestUpdateColumns).from(latestUpdates).orderBy(asc(latestUpdates.sortOrder));
}

export async function findLatestUpdate(db: DbOrTx, key: string) {
  const [row] = await db
    .select(latestUpdateColumns)
    .from(latestUpdates)
    .where(eq(latestUpdates.key, key))
    .for('update');
  return row;
}

export async function updateLatestUpdate(db: DbOrTx, key: string, values: LatestUpdateValues) {
  await db
    .update(latestUpdates)
    .set({ ...values, updatedAt: new Date(), version: sql`${latestUpdates.version} + 1` })
    .where(eq(latestUpdates.key, key));
}

const consultantColumns = {
  id: consultants.id,
  name: consultants.name,
  role: consultants.roleByLanguage,
  nationality: consultants.nationalityByLanguage,
  version: consultants.version,
  updatedAt: consultants.updatedAt,
};

export function findConsultantTexts(db: DbOrTx) {
  return db
    .select(consultantColumns)
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.sortOrder));
}

export async function findConsultant(db: DbOrTx, id: string) {
  const [row] = await db
    .select(consultantColumns)
    .from(consultants)
    .where(eq(consultants.id, id))
    .for('update');
  return row;
}

/** The English texts are kept in the single-language columns too. */
export async function updateConsultantTexts(
  db: DbOrTx,
  id: string,
  { role, nationality }: ConsultantTextsValues,
) {
  await db
    .update(consultants)
    .set({
      role: role.en,
      nationality: nationality.en,
      roleByLanguage: role,
      nationalityByLanguage: nationality,
      updatedAt: new Date(),
      version: sql`${consultants.version} + 1`,
    })
    .where(eq(consultants.id, id));
}
