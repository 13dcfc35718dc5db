import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { projectPaths } from '../paths.ts';
import { readCatalogueFiles } from './catalogue-files.ts';
import { openDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { programs } from './schema/index.ts';
import { seedCatalogue } from './seed-catalogue.ts';

let database: Database;
let drop: () => Promise<void>;
let before: string;

/** A database as main had it before the structured catalogue (migrations 0000 to 0007), with rows. */
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase(created.database);
  before = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await cp(projectPaths.migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0008');
  await writeFile(journalFile, JSON.stringify(journal));
  const migrate = database.kind === 'postgres' ? migratePg : migratePglite;
  await migrate(database.db as never, { migrationsFolder: before });
  await database.db.execute(sql`
    insert into universities (id, name, location, ranking, logo) values
      ('university-of-manchester', 'The University of Manchester', 'Manchester', 31, 'university-of-manchester.svg'),
      ('university-of-oxford', 'University of Oxford', 'Oxford', 1, 'university-of-oxford.svg')`);
  await database.db.execute(sql`
    insert into programs (id, university_id, name, level, duration, intake, requirements, tuition, category, url) values
      ('msc-advanced-computer-science-manchester', 'university-of-manchester', 'MSc Advanced Computer Science', 'Masters',
       '1 year full-time', 'September', 'A 2:1. IELTS 6.5 overall with no component below 6.0.', '£36,500 per year', 'IT', 'https://www.manchester.ac.uk/'),
      ('ba-old-program-oxford', 'university-of-oxford', 'BA Old Program', 'Bachelors',
       '3 years full-time', 'September', 'AAA at A-level. IELTS 7.0 overall with at least 6.5 in each component.', '£39,010 per year', 'Business', 'https://www.ox.ac.uk/')`);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  await rm(before, { recursive: true, force: true });
});

describe('migration 0008: the catalogue moves to structured facts', () => {
  it('reads the facts out of the old text columns, then the first start seeds the files over them once', async () => {
    await database.withMigrationLock((db) => runMigrations(database.kind, db));
    const [old] = await database.db
      .select()
      .from(programs)
      .where(eq(programs.id, 'ba-old-program-oxford'));
    expect(old).toMatchObject({
      tuitionGbp: 39_010,
      ieltsOverall: 7,
      ieltsMinComponent: 6.5,
      durationMonths: 36,
      intakes: [{ month: 'September', deadline: null }],
      categories: ['Business'],
      url: 'https://www.ox.ac.uk/',
    });

    const files = await readCatalogueFiles(projectPaths.catalogue);
    expect(await seedCatalogue(database.db, files)).toEqual({ seeded: true });
    const [seeded] = await database.db
      .select()
      .from(programs)
      .where(eq(programs.id, 'msc-advanced-computer-science-manchester'));
    expect(seeded).toMatchObject({
      tuitionGbp: 36_500,
      academicLevel: '2:1',
      feeYear: '2025/26',
      url: null,
    });
    // the files seed once: a later start leaves the database as the team keeps it
    await database.db
      .update(programs)
      .set({ tuitionGbp: 37_000 })
      .where(eq(programs.id, seeded!.id));
    expect(await seedCatalogue(database.db, files)).toEqual({ seeded: false });
    const [kept] = await database.db.select().from(programs).where(eq(programs.id, seeded!.id));
    expect(kept!.tuitionGbp).toBe(37_000);
  });
});
