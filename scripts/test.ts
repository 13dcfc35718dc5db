import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm test` after the build: the server tests (both databases) and the browser tests as two
 * Vitest runs side by side (decision 0050). In one run Vitest starts the browser tests only after
 * every server file, since they go one file at a time; side by side they fill the time the server
 * tests spend waiting. Arguments are passed to a single `vitest run` instead.
 */
const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const vitest = path.join(root, 'node_modules/.bin/vitest');

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}
interface Summary {
  byDatabase: Record<string, Tally>;
  byProject: Record<string, Tally>;
  unhandledErrors: number;
}

function run(name: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Whole lines only, so the two runs' reports interleave line by line.
    createInterface({ input: child.stdout }).on('line', (line) => console.log(line));
    createInterface({ input: child.stderr }).on('line', (line) => console.error(line));
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function add(into: Record<string, Tally>, from: Record<string, Tally>) {
  for (const [key, t] of Object.entries(from)) {
    const sum = (into[key] ??= { passed: 0, failed: 0, skipped: 0, seconds: 0 });
    sum.passed += t.passed;
    sum.failed += t.failed;
    sum.skipped += t.skipped;
    sum.seconds += t.seconds;
  }
}

const extra = process.argv.slice(2);
if (extra.length > 0) process.exit(await run('vitest', extra, {}));

const runs = [
  { name: 'server', args: ['--project', 'server*'] },
  { name: 'e2e', args: ['--project', 'e2e'] },
];
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const codes = await Promise.all(
  runs.map(({ name, args }) =>
    run(name, args, {
      TEST_SUMMARY_FILE: path.join(resultsDir, `summary-${name}.json`),
      TEST_JSON_FILE: path.join(resultsDir, `vitest-${name}.json`),
    }),
  ),
);

const summary: Summary = { byDatabase: {}, byProject: {}, unhandledErrors: 0 };
for (const { name } of runs) {
  const file = path.join(resultsDir, `summary-${name}.json`);
  if (!existsSync(file)) {
    console.error(`The ${name} tests wrote no summary: counted as a failure.`);
    summary.unhandledErrors += 1;
    continue;
  }
  const part = JSON.parse(readFileSync(file, 'utf8')) as Summary;
  add(summary.byDatabase, part.byDatabase);
  add(summary.byProject, part.byProject);
  summary.unhandledErrors += part.unhandledErrors;
}
writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify(summary, null, 2));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
