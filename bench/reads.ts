import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { freePort, spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { hammer, type LoadResult } from './load.ts';

/**
 * The public reads at 100 connections against a bare Fastify route measured in the same run, so
 * the ratio holds on any machine. The portal runs as in production (compiled, NODE_ENV=production,
 * log level info; `npm run build` first) on a temporary embedded database, or on a fresh PostgreSQL database of its own when
 * TEST_DATABASE_URL is set. Loopback only; about a minute.
 *
 * Targets (issue 13): every read at least 0.5 of the bare route's requests per second, p99 < 50 ms.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 100;
const endpoints = [
  '/api/site',
  '/api/universities',
  '/api/programs',
  '/api/programs?q=computer',
  '/api/programs/search',
  '/api/programs/search?q=computer&level=Masters',
  '/api/consultants',
];
const targetRatio = 0.5;
const targetP99 = 50;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-reads-'));
const { database, drop } = await createTestDatabase();
const bare = await startBare();
const server = await spawnServer(
  {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  },
  // the compiled server, as `npm start` runs it (`npm run build` first)
  { tailOutput: true, compiled: true },
);
const row = (name: string, r: LoadResult, ratio?: number) =>
  `${name.padEnd(28)} ${String(r.perSecond).padStart(7)} req/s  ${ratio === undefined ? '      ' : ratio.toFixed(2).padStart(6)}  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.bytesPerRequest).padStart(6)} B  errors ${r.errors + r.bad}`;

try {
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  for (const endpoint of [...endpoints, ''])
    await hammer(`${endpoint ? server.url + endpoint : bare.url}`, { connections, seconds: 1 });

  console.log(
    `database: ${database.kind}; ${connections} connections, ${seconds} s per row; ratio = req/s over the bare route's\n`,
  );
  console.log(`${'endpoint'.padEnd(28)} ${'req/s'.padStart(13)}  ${'ratio'.padStart(6)}`);
  const before = await hammer(bare.url, { connections, seconds });
  console.log(row('bare Fastify route', before));
  const results: [string, LoadResult][] = [];
  for (const endpoint of endpoints)
    results.push([endpoint, await hammer(`${server.url}${endpoint}`, { connections, seconds })]);
  const after = await hammer(bare.url, { connections, seconds });
  const baseline = (before.perSecond + after.perSecond) / 2;
  let missed = 0;
  for (const [endpoint, result] of results) {
    const ratio = result.perSecond / baseline;
    if (ratio < targetRatio || result.p99 >= targetP99 || result.errors + result.bad > 0) missed++;
    console.log(row(endpoint, result, ratio));
  }
  console.log(row('bare Fastify route (again)', after));
  console.log(
    missed === 0
      ? `\nEvery read reaches ${targetRatio} of the bare route with p99 under ${targetP99} ms.`
      : `\n${missed} read(s) below ${targetRatio} of the bare route or with p99 of ${targetP99} ms or more.`,
  );
  process.exitCode = missed === 0 ? 0 : 1;
} finally {
  bare.stop();
  await server.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
