import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queueQuery } from '../shared/schemas/staff.ts';
import { readCatalogueFiles } from '../server/db/catalogue-files.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedCatalogue } from '../server/db/seed-catalogue.ts';
import { findApplicationRecord, findApplicationsOfOwner } from '../server/modules/applications/repository.ts';
import { listQueue } from '../server/modules/staff/queue-service.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { insertGeneratedApplications } from '../tests/factories/staff-applications.ts';
import { summarise } from './lib.ts';

/**
 * How each read's latency grows with the data (issue 13, item 7): the same reads timed on 1,000,
 * 10,000 and 100,000 applications (BENCH_SIZES), each size in a fresh database (the embedded one,
 * or PostgreSQL with TEST_DATABASE_URL). A page read should not grow with the table: the last
 * column is the largest size's p50 over the smallest's; about 1 means flat.
 */
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 30);

interface Read {
  name: string;
  run(db: Db, ids: string[]): Promise<unknown>;
}

const nobody = '00000000-0000-4000-8000-000000000000';
const reads: Read[] = [
  { name: 'track page: one application by id', run: (db, ids) => findApplicationRecord(db, ids[Math.floor(ids.length / 2)]!) },
  { name: 'dashboard: applications of an account', run: (db) => findApplicationsOfOwner(db, nobody) },
  { name: 'staff queue: newest first', run: (db) => listQueue(db, queueQuery.parse({})) },
  { name: 'staff queue: one status', run: (db) => listQueue(db, queueQuery.parse({ status: 'offered' })) },
  { name: 'staff queue: name search', run: (db) => listQueue(db, queueQuery.parse({ q: 'okafor' })) },
  { name: 'staff queue: page 20, by name', run: (db) => listQueue(db, queueQuery.parse({ sort: 'name', page: '20' })) },
];

async function time(db: Db, ids: string[], read: Read): Promise<number> {
  for (let i = 0; i < 3; i++) await read.run(db, ids);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await read.run(db, ids);
    samples.push(performance.now() - started);
  }
  return summarise(samples).p50;
}

async function measure(count: number): Promise<{ kind: string; p50: number[] }> {
  const { database, drop } = await createTestDatabase();
  const opened = await openDatabase(database);
  try {
    const db = opened.db;
    await runMigrations(opened.kind, db);
    await seedCatalogue(db, await readCatalogueFiles(path.resolve(import.meta.dirname, '../server/db/catalogue')));
    await insertGeneratedApplications(db, { count, newest: new Date(), stepMinutes: 7, tag: 'g' });
    await db.execute(sql`vacuum analyze`);
    const result = (await db.execute(sql`select id from applications order by id limit 1000`)) as unknown as { rows: { id: string }[] };
    const ids = result.rows.map((r) => r.id);
    const p50: number[] = [];
    for (const read of reads) p50.push(await time(db, ids, read));
    return { kind: opened.kind, p50 };
  } finally {
    await opened.close();
    await drop();
  }
}

const columns: number[][] = [];
let kind = '';
for (const size of sizes) {
  const started = performance.now();
  const measured = await measure(size);
  kind = measured.kind;
  columns.push(measured.p50);
  console.error(`${size.toLocaleString('en-GB')} applications measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const head = sizes.map((s) => `${s.toLocaleString('en-GB')} apps`.padStart(12)).join('');
console.log(`database: ${kind}; p50 in ms over ${runs} runs\n${'read'.padEnd(40)}${head}   growth`);
reads.forEach((read, r) => {
  const values = columns.map((c) => c[r]!);
  const growth = values.at(-1)! / values[0]!;
  console.log(`${read.name.padEnd(40)}${values.map((v) => v.toFixed(2).padStart(12)).join('')}   x${growth.toFixed(2)}`);
});
