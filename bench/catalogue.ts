import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { readCatalogueFiles } from '../server/db/catalogue-files.ts';
import { openDatabase } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedCatalogue } from '../server/db/seed-catalogue.ts';
import { loadGeneratedCatalogue } from '../tests/factories/catalogue.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { hammer, type LoadResult } from './load.ts';

/**
 * The public catalogue at scale: 150 universities and 20,000 programs (the spec's 27 and 10 plus a
 * generated catalogue), searched by 50 concurrent clients for 5 s per query, against a real server
 * process on a temporary embedded database, or on a fresh PostgreSQL database of its own when
 * TEST_DATABASE_URL is set. The heaviest search: words, every filter, fee sort, a deep page and
 * picked universities first; then searches that differ on every request, so no prepared answer is
 * reused. Runs the compiled server (`npm run build` first). BENCH_CLIENTS and
 * BENCH_SECONDS change the load.
 */
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const { database, drop } = await createTestDatabase();
const target =
  database.kind === 'postgres'
    ? database
    : { kind: 'pglite' as const, dataDir: path.join(dataDir, 'db') };

const loading = performance.now();
const db = await openDatabase(target);
try {
  await db.withMigrationLock(async (tx) => {
    await runMigrations(db.kind, tx);
    await seedCatalogue(
      tx,
      await readCatalogueFiles(loadConfig({ DATA_DIR: dataDir }).catalogueDir),
    );
  });
  await loadGeneratedCatalogue(db.db, 150, 20_000);
} finally {
  await db.close();
}
console.log(
  `loaded 150 + 27 universities and 20,010 programs in ${Math.round(performance.now() - loading)} ms`,
);

const server = await spawnServer(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  },
  { compiled: true },
);
try {
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  const picks =
    'picked=generated-university-1&picked=generated-university-2&picked=imperial-college-london';
  const endpoints = [
    '/api/universities',
    '/api/programs/search',
    '/api/programs/search?q=computer&sort=name',
    '/api/programs/search?region=London&level=Masters&sort=fee&page=5',
    `/api/programs/search?q=computer%20science&level=Masters&category=IT&intake=September&feeMin=20000&feeMax=40000&ielts=7&sort=fee&page=3&pageSize=50&${picks}`,
    `/api/programs/search?q=management&sort=ranking&page=20&pageSize=50&${picks}`,
  ];
  console.log(`database: ${database.kind}; ${clients} clients, ${seconds} s each`);
  const row = (r: LoadResult, label: string) =>
    `${String(r.perSecond).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors + r.bad}  ${label}`;
  for (const endpoint of endpoints)
    console.log(
      row(await hammer(`${server.url}${endpoint}`, { connections: clients, seconds }), endpoint),
    );
  // Then searches no prepared answer serves: every request asks something not asked just before.
  let n = 0;
  const uncached: [string, () => string][] = [
    [
      'every filter and words, a different fee ceiling each request',
      () => endpoints[4]!.replace('feeMax=40000', `feeMax=${30_000 + (n++ % 10_000)}`),
    ],
    [
      'a broad word, a different page and picked university each request',
      () =>
        `/api/programs/search?q=management&sort=ranking&pageSize=50&page=${(n % 20) + 1}&picked=generated-university-${n++ % 150}`,
    ],
  ];
  for (const [label, nextPath] of uncached) {
    const total = ((await (await fetch(server.url + nextPath())).json()) as { total: number })
      .total;
    console.log(
      row(
        await hammer(server.url, { connections: clients, seconds, nextPath }),
        `(uncached: ${label}; ${total} matches)`,
      ),
    );
  }
  // Guidance ranks every program of the level on each request (its answers are not cached).
  const profile = {
    level: 'Masters',
    subjects: 'management',
    budgetGbp: 30_000,
    ielts: '6.5',
    qualification: '2:1',
    regions: [],
    intake: null,
  };
  console.log(
    row(
      await hammer(`${server.url}/api/guidance`, { connections: clients, seconds, json: profile }),
      'POST /api/guidance (Masters, "management")',
    ),
  );
} finally {
  await server.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
