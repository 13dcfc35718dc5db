import { notInArray, sql } from 'drizzle-orm';
import { programInput } from '../../shared/schemas/catalogue-admin.ts';
import { upsertPrograms } from '../modules/catalogue-admin/repository.ts';
import type { Db } from './client.ts';
import type { LatestUpdate } from '../../shared/schemas/site.ts';
import type { CatalogueFiles } from './catalogue-files.ts';
import {
  catalogueSeed,
  consultants,
  latestUpdates,
  programCategories,
  ukCostFigures,
  universities,
} from './schema/index.ts';

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const updateAll = (columns: string[]) =>
  Object.fromEntries([...columns.map((c) => [camel(c), excluded(c)]), ['updatedAt', sql`now()`]]);
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The files seed the catalogue on the first start only (D11): once catalogue_seed holds its row,
 * the database is the source of truth and the files are not read into it again. A database from
 * before the structured catalogue gets the files' values once, over its migrated rows.
 * Consultants follow the files on every start, but for the texts the console edits (their role
 * and nationality in each language): a consultant edited there (version above 1) keeps them.
 */
export async function seedCatalogue(db: Db, files: CatalogueFiles): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(catalogueSeed).limit(1);
    if (!done) {
      await tx
        .insert(universities)
        .values(files.universities.map((u) => ({ ...u, active: true })))
        .onConflictDoUpdate({
          target: universities.id,
          set: {
            ...updateAll(['name', 'names', 'location', 'region', 'website', 'ranking', 'logo']),
            active: sql`true`,
          },
        });
      const used = [...new Set(files.programs.flatMap((p) => p.categories))];
      if (used.length > 0) {
        await tx
          .insert(programCategories)
          .values(used.map((name, i) => ({ name, sortOrder: 100 + i })))
          .onConflictDoNothing();
      }
      if (files.programs.length > 0) {
        // through the console's schema and writer: a seeded program is one the console could save
        await upsertPrograms(
          tx,
          files.programs.map((p) => programInput.parse({ ...p, active: true })),
        );
      }
      if (files.costs.length > 0) {
        await tx.insert(ukCostFigures).values(files.costs).onConflictDoNothing();
      }
      await tx.insert(catalogueSeed).values({ id: 1 });
    }

    if (files.consultants.length > 0) {
      await tx
        .insert(consultants)
        .values(
          files.consultants.map((c, i) => ({
            ...c,
            role: c.role.en,
            nationality: c.nationality.en,
            roleByLanguage: c.role,
            nationalityByLanguage: c.nationality,
            whatsappNumber: c.whatsappNumber ?? null,
            meetingRoom: c.meetingRoom ?? null,
            sortOrder: i,
            active: true,
          })),
        )
        .onConflictDoUpdate({
          target: consultants.id,
          set: {
            ...updateAll(['name', 'image', 'whatsapp_number', 'meeting_room', 'sort_order']),
            ...Object.fromEntries(
              ['role', 'nationality', 'role_by_language', 'nationality_by_language'].map((c) => [
                camel(c),
                sql`case when ${consultants.version} = 1 then ${excluded(c)} else ${sql.raw(`"consultants"."${c}"`)} end`,
              ]),
            ),
            active: sql`true`,
          },
        });
    }
    await tx
      .update(consultants)
      .set({ active: false, updatedAt: sql`now()` })
      .where(notInArray(consultants.id, files.consultants.map((c) => c.id).concat('')));
    return { seeded: !done };
  });
}

/**
 * The Latest Updates of config/site.json, for a database that has none yet (issue 26 §3): after
 * that the console edits them and the file's are not read into the database again.
 */
export async function seedLatestUpdates(db: Db, updates: LatestUpdate[]): Promise<void> {
  await db
    .insert(latestUpdates)
    .values(updates.map((u, i) => ({ ...u, sortOrder: i })))
    .onConflictDoNothing();
}
