import { notInArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { CatalogueFiles } from './catalogue-files.ts';
import { consultants, programs, universities } from './schema/index.ts';

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Idempotent: upserts every row of the files and deactivates rows the files no longer list. */
export async function seedCatalogue(db: Db, files: CatalogueFiles): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(universities)
      .values(files.universities.map((u) => ({ ...u, active: true })))
      .onConflictDoUpdate({
        target: universities.id,
        set: {
          name: excluded('name'),
          location: excluded('location'),
          ranking: excluded('ranking'),
          logo: excluded('logo'),
          active: sql`true`,
          updatedAt: sql`now()`,
        },
      });
    await tx
      .update(universities)
      .set({ active: false, updatedAt: sql`now()` })
      .where(notInArray(universities.id, files.universities.map((u) => u.id)));

    if (files.programs.length > 0) {
      await tx
        .insert(programs)
        .values(files.programs.map((p) => ({ ...p, active: true })))
        .onConflictDoUpdate({
          target: programs.id,
          set: {
            universityId: excluded('university_id'),
            name: excluded('name'),
            level: excluded('level'),
            duration: excluded('duration'),
            intake: excluded('intake'),
            requirements: excluded('requirements'),
            tuition: excluded('tuition'),
            category: excluded('category'),
            url: excluded('url'),
            active: sql`true`,
            updatedAt: sql`now()`,
          },
        });
    }
    await tx
      .update(programs)
      .set({ active: false, updatedAt: sql`now()` })
      .where(notInArray(programs.id, files.programs.map((p) => p.id).concat('')));

    if (files.consultants.length > 0) {
      await tx
        .insert(consultants)
        .values(files.consultants.map((c, i) => ({ ...c, sortOrder: i, active: true })))
        .onConflictDoUpdate({
          target: consultants.id,
          set: {
            name: excluded('name'),
            role: excluded('role'),
            nationality: excluded('nationality'),
            image: excluded('image'),
            sortOrder: excluded('sort_order'),
            active: sql`true`,
            updatedAt: sql`now()`,
          },
        });
    }
    await tx
      .update(consultants)
      .set({ active: false, updatedAt: sql`now()` })
      .where(notInArray(consultants.id, files.consultants.map((c) => c.id).concat('')));
  });
}
