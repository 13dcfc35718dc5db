import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { startS3Server } from '../tests/support/s3-server.ts';
import { sampleMemory, settledResidentMb } from './server-memory.ts';

/**
 * Peak server memory while 20 clients upload a 10 MB document each, at once, against a real
 * server process on loopback (temporary DATA_DIR; embedded database, or PostgreSQL with
 * TEST_DATABASE_URL). Files are streamed to disk, so memory should barely move. With
 * BENCH_STORAGE=s3 the documents go to an S3-protocol server (s3rver, in this process) instead.
 */
const clients = 20;
const fileBytes = 10 * 1024 * 1024;
const timeoutMs = 120_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-uploads-'));
const { database, drop } = await createTestDatabase();
const s3 = process.env.BENCH_STORAGE === 's3' ? await startS3Server() : null;
const server = await spawnServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  ...s3?.env,
});

function applicationForm(file: Buffer): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName: 'Bench Applicant',
    dateOfBirth: '2000-01-01',
    email: `bench-${randomUUID().slice(0, 8)}@example.test`,
    phone: '+44 20 7946 0958',
    passportNumber: 'B1234567',
    nationality: 'GB',
    residencyCountry: 'GB',
    englishLevel: 'native',
    hasCertification: 'no',
    programId: 'msc-advanced-computer-science-manchester',
    universityId: 'university-of-manchester',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'transcripts',
    new Blob([new Uint8Array(file)], { type: 'application/pdf' }),
    'transcripts.pdf',
  );
  return form;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.parentPath.includes('.incoming')).length;
}

const timer = setTimeout(() => {
  console.error(`The benchmark took longer than ${timeoutMs / 1000} s; stopping.`);
  void server.stop('SIGKILL').then(() => process.exit(1));
}, timeoutMs);

try {
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  const pid = server.child.pid!;
  // a real PDF header, then incompressible bytes: exactly the 10 MB limit
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(fileBytes - 9)]);
  // warm up with small uploads (first requests compile routes, warm the database, run the GC)
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(
      Array.from({ length: clients }, () =>
        fetch(`${server.url}/api/applications`, {
          method: 'POST',
          body: applicationForm(file.subarray(0, 64 * 1024)),
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  // PGlite's start-up peak is returned to the system over the next seconds: wait until it settles
  const baseline = await settledResidentMb(pid);

  const memory = sampleMemory(pid);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: clients }, async () => {
      const res = await fetch(`${server.url}/api/applications`, {
        method: 'POST',
        body: applicationForm(file),
        headers: { 'idempotency-key': randomUUID() },
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = await memory.stop();

  const created = answers.filter((s) => s === 201).length;
  console.log(
    `database: ${database.kind}; storage: ${s3 ? 's3' : 'local'}; ${clients} clients x ${fileBytes / 1024 / 1024} MB at once`,
  );
  console.log(`created: ${created}/${clients} (answers: ${[...new Set(answers)].join(', ')})`);
  const stored = s3
    ? (await s3.objectNames()).length
    : await countFiles(path.join(dataDir, 'uploads'));
  console.log(`files stored: ${stored} (${3 * clients} of them from the warm-up)`);
  console.log(
    `time: ${seconds.toFixed(2)} s, ${((clients * fileBytes) / 1024 / 1024 / seconds).toFixed(0)} MB/s`,
  );
  console.log(
    `server memory (RSS): before ${baseline} MB, peak ${peak} MB, growth ${(peak - baseline).toFixed(1)} MB`,
  );
  if (created !== clients) process.exitCode = 1;
} finally {
  clearTimeout(timer);
  await server.stop();
  await s3?.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
