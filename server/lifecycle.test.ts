import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/support/test-database.ts';
import {
  spawnServer,
  waitUntilHealthy,
  type ServerProcess,
} from '../tests/support/server-process.ts';

const running: ServerProcess[] = [];
async function start(env: Record<string, string>) {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
});

async function universityCount(server: ServerProcess) {
  return ((await (await fetch(`${server.url}/api/universities`)).json()) as unknown[]).length;
}

describe('the server process on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-life-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // three server processes start one after the other, each opening the embedded database: 90 s
  it('refuses a second process on the same data directory, stops cleanly on SIGTERM, and restarts with its data intact', async () => {
    const first = await start({ DATA_DIR: dataDir });
    expect(await waitUntilHealthy(first)).toBe(true);
    const count = await universityCount(first);
    expect(count).toBeGreaterThanOrEqual(25);

    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already open in another process/);
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);

    const stoppedAt = Date.now();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);

    const again = await start({ DATA_DIR: dataDir });
    expect(await waitUntilHealthy(again)).toBe(true);
    expect(await universityCount(again)).toBe(count);
    expect(await again.stop('SIGINT')).toBe(0);
  }, 90_000);

  it('exits with a message naming PORT when PORT is not a number', async () => {
    const server = await start({ DATA_DIR: dataDir, PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a number/);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('the server process on PostgreSQL', () => {
    it('lets two instances start together on one new database: one migrates, both serve the same catalogue', async () => {
      const { database, drop } = await createTestDatabase();
      try {
        const url = database.kind === 'postgres' ? database.url : '';
        const [a, b] = await Promise.all([
          start({ DATABASE_URL: url }),
          start({ DATABASE_URL: url }),
        ]);
        expect(await waitUntilHealthy(a!)).toBe(true);
        expect(await waitUntilHealthy(b!)).toBe(true);
        expect(await universityCount(a!)).toBe(await universityCount(b!));
        await Promise.all([a!.stop(), b!.stop()]);
      } finally {
        await drop();
      }
    });
  });
}
