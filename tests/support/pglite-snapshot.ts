import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { readCatalogueFiles } from '../../server/db/catalogue-files.ts';
import { pgliteOptions, type Db } from '../../server/db/client.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import * as schema from '../../server/db/schema/index.ts';
import { seedCatalogue } from '../../server/db/seed-catalogue.ts';
import { projectPaths } from '../../server/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite database's files (see `pgliteSnapshot`), or '' on PostgreSQL. */
    pgliteSnapshotFile: string;
  }
}

/**
 * Vitest global setup of the server tests: one in-memory PGlite migrated and seeded with the
 * default catalogue, written to a file once per run. A test app starts from it in about a quarter
 * of the CPU time of a new database (initdb, every migration, the seed); buildApp then finds every
 * migration applied and the catalogue seeded, as on any restart.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DATABASE_URL || process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshotFile', '');
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const client = await PGlite.create('memory://', pgliteOptions);
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await runMigrations('pglite', db);
    await seedCatalogue(db, await readCatalogueFiles(projectPaths.catalogue));
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteSnapshotFile', file);
  return async () => rm(dir, { recursive: true, force: true });
}

let cached: Promise<Blob> | undefined;

/** The snapshot, read once per test file's process. */
export function pgliteSnapshot(file: string): Promise<Blob> {
  cached ??= readFile(file).then((bytes) => new Blob([bytes]));
  return cached;
}
