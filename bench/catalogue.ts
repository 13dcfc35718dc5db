import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { load } from './lib.ts';

/**
 * Catalogue API latency on loopback: 20 concurrent clients for 5 s per endpoint, against a real
 * server process on a temporary embedded database, or on a fresh PostgreSQL database of its own
 * when TEST_DATABASE_URL is set.
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const { database, drop } = await createTestDatabase();
const server = await spawnServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.kind === 'postgres' ? database.url : '',
});
try {
  if (!(await waitUntilHealthy(server))) throw new Error(`The server did not start:\n${server.output()}`);
  const endpoints = ['/api/universities', '/api/universities?q=london', '/api/programs?level=Masters', '/api/consultants'];
  console.log(`database: ${database.kind}; 20 clients, 5 s each`);
  for (const endpoint of endpoints) {
    const result = await load(`${server.url}${endpoint}`, 20, 5_000);
    console.log(`${endpoint.padEnd(32)} ${String(result.perSecond).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}`);
  }
} finally {
  await server.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
