import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createTestDatabase } from './test-database.ts';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './server-process.ts';

/**
 * Real server processes on one data directory and database (PGlite under DATA_DIR by default,
 * a PostgreSQL database of their own with TEST_DATABASE_URL): start, kill -9, start again, and
 * read the database once they are stopped.
 */
export async function usePortalProcesses(prefix: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const { database, drop } = await createTestDatabase();
  const running = new Set<ServerProcess>();
  const env = (extra: Record<string, string>) => ({
    DATA_DIR: dataDir,
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    ...extra,
  });
  return {
    dataDir,
    kind: database.kind,
    async start(extra: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await spawnServer(env(extra));
      running.add(server);
      void server.exited.then(() => running.delete(server));
      if (!(await waitUntilHealthy(server)))
        throw new Error(`The server did not start:\n${server.output()}`);
      return server;
    },
    /** Opens the database from the test (with PGlite, only while no server runs). */
    open(): Promise<Database> {
      return openDatabase(
        database.kind === 'postgres'
          ? database
          : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      );
    },
    async close() {
      await Promise.all([...running].map((s) => s.stop('SIGKILL')));
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
