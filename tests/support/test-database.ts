import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../../server/config.ts';

/**
 * PGlite in memory by default; with TEST_DATABASE_URL (or `adminUrl`), a fresh PostgreSQL
 * database of its own that `drop()` removes.
 */
export async function createTestDatabase(
  adminUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<{
  database: Config['database'];
  drop: () => Promise<void>;
}> {
  if (!adminUrl) return { database: { kind: 'pglite', dataDir: null }, drop: async () => {} };

  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
