import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

/** Which database a project's tests ran on: its own TEST_DATABASE_URL, else the shell's. */
function databaseOf(module: TestModule): string {
  const url = module.project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return url ? 'postgresql' : 'pglite';
}

/**
 * Writes test-results/summary.json: passed, failed and skipped tests per database and per project,
 * with each project's time (the sum of its files'), for .ci/run's closing lines. A file that failed
 * to load counts as one failed test, and so does an error outside any test.
 */
export default class DatabaseSummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ) {
    const byDatabase: Record<string, Tally> = {};
    const byProject: Record<string, Tally> = {};
    const tally = (table: Record<string, Tally>, key: string) =>
      (table[key] ??= { passed: 0, failed: 0, skipped: 0, seconds: 0 });
    for (const module of modules) {
      const counts = [tally(byDatabase, databaseOf(module)), tally(byProject, module.project.name)];
      const seconds = (module.diagnostic().duration ?? 0) / 1000;
      counts[1]!.seconds += seconds;
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests += 1;
        const state = test.result().state;
        const key = state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped';
        for (const count of counts) count[key] += 1;
      }
      if (tests === 0 && module.state() === 'failed') for (const count of counts) count.failed += 1;
    }
    const outDir = path.resolve('test-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'summary.json'),
      JSON.stringify({ byDatabase, byProject, unhandledErrors: unhandledErrors.length }, null, 2),
    );
  }
}
