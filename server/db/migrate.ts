import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectPaths } from '../paths.ts';
import type { Database, Db } from './client.ts';

/** Applies the committed SQL migrations; the caller holds the migration lock. */
export async function runMigrations(kind: Database['kind'], db: Db): Promise<void> {
  const migrate = kind === 'postgres' ? migratePg : migratePglite;
  await migrate(db as never, { migrationsFolder: projectPaths.migrations });
}
