import { readFile } from 'node:fs/promises';

/** Resident memory of a process in MB (Linux /proc), or NaN elsewhere. */
export async function residentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return NaN;
  }
}

/** Samples the process's resident memory every `everyMs` until stopped; reports the peak. */
export function sampleMemory(pid: number, everyMs = 20) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await residentMb(pid));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** Resident memory once it stops falling (within 2 MB over a second), at most after `maxMs`. */
export async function settledResidentMb(pid: number, maxMs = 15_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let previous = await residentMb(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await residentMb(pid);
    if (Math.abs(previous - now) < 2 || Date.now() > deadline) return now;
    previous = now;
  }
}
