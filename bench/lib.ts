/** Small helpers shared by the bench scripts: percentiles and a bounded request loop. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: +percentile(sorted, 50).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +(sorted.at(-1) ?? NaN).toFixed(2),
  };
}

/** Sends requests from `concurrency` loops until `durationMs` has passed. */
export async function load(url: string, concurrency: number, durationMs: number) {
  const samples: number[] = [];
  let errors = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const res = await fetch(url).catch(() => null);
        if (res?.ok) {
          await res.arrayBuffer();
          samples.push(performance.now() - started);
        } else errors++;
      }
    }),
  );
  return {
    ...summarise(samples),
    errors,
    perSecond: Math.round(samples.length / (durationMs / 1000)),
  };
}

/**
 * `run` timed `runs` times after 3 warm-up runs; `beforeEach` runs before every run, untimed (a
 * cache to forget, say). The samples in milliseconds.
 */
export async function timedRuns(
  run: () => unknown,
  runs: number,
  beforeEach?: () => void,
): Promise<number[]> {
  for (let i = 0; i < 3; i++) {
    beforeEach?.();
    await run();
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    beforeEach?.();
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}
