import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDirectoryLock } from './directory-lock.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding the cluster-wide migration lock (PostgreSQL) or directly (PGlite). */
  withMigrationLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationLockKey = 724_113_001;

/** PGlite ships PostgreSQL's contrib extensions; bookings' exclusion constraint needs btree_gist. */
export const pgliteOptions = { extensions: { btree_gist } };

export async function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres'
    ? openPostgres(database.url)
    : openPglite(database.dataDir, database.snapshot);
}

async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  let releaseLock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    releaseLock = await acquireDirectoryLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? 'memory://', {
      ...pgliteOptions,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withMigrationLock: (fn) => fn(db),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        if (!client.closed) {
          if (dataDir) await client.query('CHECKPOINT');
          await client.close();
        }
      } finally {
        await releaseLock();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection closed by the server (restart, failover, admin) emits 'error' on the pool;
  // unhandled, it would end the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => {
    console.error(`PostgreSQL closed an idle connection; it will be replaced: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
