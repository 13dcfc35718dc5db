import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { summarise } from './lib.ts';

/**
 * Start-up time: from starting the process until /api/health answers, for the compiled server
 * (`node dist/server/main.js`, what `npm start` runs after building) and for its TypeScript
 * sources run through tsx (what `npm run dev` runs). The first start creates and migrates the
 * database; the others reopen it. Also times `npm run build`. Embedded database, or PostgreSQL
 * with TEST_DATABASE_URL.
 */
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');

const buildStarted = performance.now();
const build = spawnSync('npm', ['run', '--silent', 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('npm run build failed');
console.log(`npm run build: ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);

async function timeStart(env: Record<string, string>, compiled: boolean): Promise<number> {
  const started = performance.now();
  const server = await spawnServer(env, { compiled });
  try {
    if (!(await waitUntilHealthy(server)))
      throw new Error(`The server did not start:\n${server.output()}`);
    return performance.now() - started;
  } finally {
    await server.stop();
  }
}

for (const compiled of [true, false]) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-start-'));
  const { database, drop } = await createTestDatabase();
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  };
  try {
    const first = await timeStart(env, compiled);
    const again: number[] = [];
    for (let i = 0; i < runs; i++) again.push(await timeStart(env, compiled));
    const r = summarise(again);
    console.log(
      `${(compiled ? 'compiled (node dist/server/main.js)' : 'sources (tsx server/main.ts)').padEnd(38)} ` +
        `first start ${Math.round(first)} ms; reopening: p50 ${Math.round(r.p50)} ms, max ${Math.round(r.max)} ms (${runs} runs, ${database.kind})`,
    );
  } finally {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
