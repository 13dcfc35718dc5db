import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { openDatabase } from './client.ts';

if (process.env.TEST_DATABASE_URL) {
  describe('the PostgreSQL connection pool', () => {
    it('survives the server closing its idle connections and reconnects on the next query', async () => {
      const { database: target, drop } = await createTestDatabase();
      const database = await openDatabase(target);
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await database.ping();
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const name = target.kind === 'postgres' ? new URL(target.url).pathname.slice(1) : '';
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await admin.end();
        expect(killed.rowCount).toBeGreaterThan(0);
        // the next query comes after the pool has seen the close (under load the notice can lag
        // the terminate call), as it does when a server drops idle connections
        await expect
          .poll(() =>
            logged.mock.calls.some(([line]) => String(line).includes('closed an idle connection')),
          )
          .toBe(true);
        await expect(database.ping()).resolves.toBeUndefined();
      } finally {
        logged.mockRestore();
        await database.close();
        await drop();
      }
    });
  });
} else {
  describe('the embedded database', () => {
    it('answers a ping and closes cleanly', async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      await database.ping();
      await database.close();
      await expect(database.ping()).rejects.toThrow();
    });
  });
}
