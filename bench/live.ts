import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { summarise } from './lib.ts';

/**
 * With 1,000 track streams open on one application, how long one status change takes to reach
 * every one of them: from the change request until each stream has the new record. A real server
 * process on loopback (temporary DATA_DIR; embedded database, or PostgreSQL with TEST_DATABASE_URL).
 */
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const changes = ['reviewed', 'applied', 'offered', 'accepted'] as const;
const timeoutMs = 180_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-live-'));
const { database, drop } = await createTestDatabase();
const server = await spawnServer(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
    TRACKING_RATE_LIMIT_MAX: '100000',
    // one client watching one application many times over: lift the per-client and per-application caps
    STREAMS_PER_CLIENT: String(streamCount + 10),
    STREAMS_PER_APPLICATION: String(streamCount + 10),
  },
  {
    compiled: true,
    // BENCH_PROFILE=dir writes the server's CPU profile there (open it in Chrome's DevTools)
    nodeArgs: [
      '--expose-gc',
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
  },
);
const timer = setTimeout(() => {
  console.error(`The benchmark took longer than ${timeoutMs / 1000} s; stopping.`);
  void server.stop('SIGKILL').then(() => process.exit(1));
}, timeoutMs);

interface Stream {
  statuses: Map<string, number>;
  close(): void;
}

const statusPattern = /^data: \{"id":"[^"]+","userId":(?:null|"[^"]+"),"status":"([a-z]+)"/m;

/** One SSE connection on a socket of its own; notes when each status first arrives. */
function openStream(url: string, cookie: string, onStatus: () => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const statuses = new Map<string, number>();
    const req = http.get(
      url,
      { agent: false, headers: { accept: 'text/event-stream', cookie } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        // The client shares the cores with the server: read each event's status from the start of
        // its record (`{"id":…,"userId":…,"status":…`) instead of parsing 3 KB of JSON 10,000 times.
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const status = statusPattern.exec(block)?.[1];
            if (status && !statuses.has(status)) {
              statuses.set(status, performance.now());
              onStatus();
            }
          }
        });
        resolve({ statuses, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

async function submitApplication(baseUrl: string) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName: 'Bench Applicant',
    dateOfBirth: '2000-01-01',
    email,
    phone: '+44 20 7946 0958',
    passportNumber: 'B1234567',
    nationality: 'GB',
    residencyCountry: 'GB',
    englishLevel: 'native',
    programId: 'msc-advanced-computer-science-manchester',
    universityId: 'university-of-manchester',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const { id } = (await (
    await fetch(`${baseUrl}/api/applications`, { method: 'POST', body: form })
  ).json()) as { id: string };
  const tracked = (await (
    await fetch(`${baseUrl}/api/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId: id, email }),
    })
  ).json()) as { streamToken: string };
  return { id, streamToken: tracked.streamToken };
}

/** The server's memory after a full collection: JS heap plus Buffers, and the whole process (RSS). */
async function memory(baseUrl: string) {
  const m = (await (await fetch(`${baseUrl}/api/test/memory`)).json()) as {
    rss: number;
    heapUsed: number;
    external: number;
  };
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { heap: mb(m.heapUsed), external: mb(m.external), rss: mb(m.rss) };
}

const streams: Stream[] = [];
try {
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  const { id, streamToken } = await submitApplication(server.url);
  // as the track page does: the stream token is POSTed and comes back as a path-scoped cookie
  const access = await fetch(`${server.url}/api/track/stream-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: streamToken }),
  });
  const url = `${server.url}${((await access.json()) as { url: string }).url}`;
  const cookie = access.headers.getSetCookie()[0]!.split(';')[0]!;

  let arrivals = 0;
  let wake: (() => void) | null = null;
  const onStatus = () => {
    arrivals += 1;
    wake?.();
  };
  const waitForArrivals = async (count: number, ms: number) => {
    const deadline = Date.now() + ms;
    while (arrivals < count) {
      if (Date.now() > deadline) throw new Error(`only ${arrivals} of ${count} events arrived`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  };

  const before = await memory(server.url);
  const opening = performance.now();
  for (let i = 0; i < streamCount; i += 100) {
    streams.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, streamCount - i) }, () =>
          openStream(url, cookie, onStatus),
        ),
      )),
    );
  }
  // every stream first receives the current record
  await waitForArrivals(streamCount, 60_000);
  const openSeconds = (performance.now() - opening) / 1000;
  console.log(
    `database: ${database.kind}; ${streamCount} streams open and current in ${openSeconds.toFixed(1)} s (${Math.round(streamCount / openSeconds)} per second)`,
  );
  const after = await memory(server.url);
  console.log(
    `server memory with the streams open, after a full GC: JS heap +${(after.heap - before.heap).toFixed(0)} MB ` +
      `(${before.heap.toFixed(0)} -> ${after.heap.toFixed(0)}); external ${before.external.toFixed(0)} -> ${after.external.toFixed(0)} MB ` +
      `(the embedded database's memory is here); RSS ${before.rss.toFixed(0)} -> ${after.rss.toFixed(0)} MB`,
  );

  const all: number[] = [];
  for (const [round, status] of changes.entries()) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/test/applications/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    if (!res.ok) throw new Error(`status change answered ${res.status}`);
    const answered = performance.now() - started;
    await waitForArrivals(streamCount * (round + 2), 30_000);
    const latencies = streams.map((s) => s.statuses.get(status)! - started);
    all.push(...latencies);
    const r = summarise(latencies);
    console.log(
      `-> ${status.padEnd(8)} change answered in ${answered.toFixed(1)} ms; reached all ${streamCount}: p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms`,
    );
  }
  const total = summarise(all);
  console.log(
    `all ${changes.length} changes x ${streamCount} streams: p50 ${total.p50} ms  p99 ${total.p99} ms  max ${total.max} ms`,
  );
} finally {
  clearTimeout(timer);
  streams.forEach((s) => s.close());
  await server.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
