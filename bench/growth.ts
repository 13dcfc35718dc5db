import path from 'node:path';
import { sql } from 'drizzle-orm';
import { programSearchQuery } from '../shared/schemas/catalogue.ts';
import { queueQuery } from '../shared/schemas/staff.ts';
import { readCatalogueFiles } from '../server/db/catalogue-files.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedCatalogue } from '../server/db/seed-catalogue.ts';
import {
  findApplicationRecord,
  findApplicationsOfOwner,
} from '../server/modules/applications/repository.ts';
import { CatalogueIndex } from '../server/modules/catalogue/catalogue-index.ts';
import { loadCatalogueRows } from '../server/modules/catalogue/repository.ts';
import { listQueue } from '../server/modules/staff/queue-service.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { loadGeneratedCatalogue } from '../tests/factories/catalogue.ts';
import { insertGeneratedApplications } from '../tests/factories/staff-applications.ts';
import { summarise, timedRuns } from './lib.ts';

/**
 * How each read's latency grows with the data (issue 13, item 7): the same reads timed on 1,000,
 * 10,000 and 100,000 applications (BENCH_SIZES), each size in a fresh database (the embedded one,
 * or PostgreSQL with TEST_DATABASE_URL). A page read should not grow with the table: the last
 * column is the largest size's p50 over the smallest's; about 1 means flat. Then the public
 * catalogue's searches at 1,000 and 20,000 programs (BENCH_PROGRAMS), as the server answers them
 * from its in-memory index.
 */
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const programSizes = (process.env.BENCH_PROGRAMS ?? '1000,20000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 30);

interface Read {
  name: string;
  run(db: Db, ids: string[]): Promise<unknown>;
}

const nobody = '00000000-0000-4000-8000-000000000000';
const benchContext = { userId: nobody, now: new Date() };
const reads: Read[] = [
  {
    name: 'track page: one application by id',
    run: (db, ids) => findApplicationRecord(db, ids[Math.floor(ids.length / 2)]!),
  },
  {
    name: 'dashboard: applications of an account',
    run: (db) => findApplicationsOfOwner(db, nobody),
  },
  {
    name: 'staff queue: newest first',
    run: (db) => listQueue(db, queueQuery.parse({}), benchContext),
  },
  {
    name: 'staff queue: one status',
    run: (db) => listQueue(db, queueQuery.parse({ status: 'offered' }), benchContext),
  },
  {
    name: 'staff queue: name search',
    run: (db) => listQueue(db, queueQuery.parse({ q: 'okafor' }), benchContext),
  },
  {
    name: 'staff queue: page 20, by name',
    run: (db) => listQueue(db, queueQuery.parse({ sort: 'name', page: '20' }), benchContext),
  },
];

const timeOf = async (run: () => unknown) => summarise(await timedRuns(run, runs)).p50;

const picks = ['generated-university-1', 'generated-university-2', 'imperial-college-london'];
const searches: [string, Record<string, unknown>][] = [
  ['catalogue: first page', {}],
  ['catalogue: words, sorted by name', { q: 'computer', sort: 'name' }],
  [
    'catalogue: every filter, fee sort, page 3',
    {
      q: 'computer science',
      level: 'Masters',
      category: 'IT',
      intake: 'September',
      feeMin: '20000',
      feeMax: '40000',
      ielts: '7',
      sort: 'fee',
      page: '3',
      pageSize: '50',
      picked: picks,
    },
  ],
  [
    'catalogue: picks first, page 20',
    { q: 'management', sort: 'ranking', page: '20', pageSize: '50', picked: picks },
  ],
];

async function measureCatalogue(count: number): Promise<number[]> {
  const { database, drop } = await createTestDatabase();
  const opened = await openDatabase(database);
  try {
    await runMigrations(opened.kind, opened.db);
    await seedCatalogue(
      opened.db,
      await readCatalogueFiles(path.resolve(import.meta.dirname, '../server/db/catalogue')),
    );
    await loadGeneratedCatalogue(opened.db, 150, count);
    const index = new CatalogueIndex(await loadCatalogueRows(opened.db));
    const today = new Date().toISOString().slice(0, 10);
    const p50: number[] = [];
    for (const [, params] of searches) {
      const query = programSearchQuery.parse(params);
      p50.push(await timeOf(() => index.search(query, today)));
    }
    return p50;
  } finally {
    await opened.close();
    await drop();
  }
}

async function measure(count: number): Promise<{ kind: string; p50: number[] }> {
  const { database, drop } = await createTestDatabase();
  const opened = await openDatabase(database);
  try {
    const db = opened.db;
    await runMigrations(opened.kind, db);
    await seedCatalogue(
      db,
      await readCatalogueFiles(path.resolve(import.meta.dirname, '../server/db/catalogue')),
    );
    await insertGeneratedApplications(db, { count, newest: new Date(), stepMinutes: 7, tag: 'g' });
    await db.execute(sql`vacuum analyze`);
    const result = (await db.execute(
      sql`select id from applications order by id limit 1000`,
    )) as unknown as { rows: { id: string }[] };
    const ids = result.rows.map((r) => r.id);
    const p50: number[] = [];
    for (const read of reads) p50.push(await timeOf(() => read.run(db, ids)));
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
  console.error(
    `${size.toLocaleString('en-GB')} applications measured in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const head = sizes.map((s) => `${s.toLocaleString('en-GB')} apps`.padStart(14)).join('');
console.log(`database: ${kind}; p50 in ms over ${runs} runs\n${'read'.padEnd(40)}${head}   growth`);
reads.forEach((read, r) => {
  const values = columns.map((c) => c[r]!);
  const growth = values.at(-1)! / values[0]!;
  console.log(
    `${read.name.padEnd(40)}${values.map((v) => v.toFixed(2).padStart(14)).join('')}   x${growth.toFixed(2)}`,
  );
});

const catalogueColumns: number[][] = [];
for (const count of programSizes) catalogueColumns.push(await measureCatalogue(count));
console.log(
  `\n${'search'.padEnd(44)}${programSizes.map((n) => `${n.toLocaleString('en-GB')} progs`.padStart(13)).join('')}   growth`,
);
searches.forEach(([name], r) => {
  const values = catalogueColumns.map((c) => c[r]!);
  console.log(
    `${name.padEnd(44)}${values.map((v) => v.toFixed(2).padStart(13)).join('')}   x${(values.at(-1)! / values[0]!).toFixed(2)}`,
  );
});
