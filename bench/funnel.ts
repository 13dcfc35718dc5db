import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applicationStatuses } from '../shared/application-status.ts';
import { funnelQuery } from '../shared/schemas/leads.ts';
import { readCatalogueFiles } from '../server/db/catalogue-files.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedCatalogue } from '../server/db/seed-catalogue.ts';
import { funnelReport, rangeOf } from '../server/modules/leads/funnel.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { insertGeneratedApplications } from '../tests/factories/staff-applications.ts';
import { summarise, timedRuns } from './lib.ts';

/**
 * The admins' funnel (issue 28 §4) at 100,000 applications on PostgreSQL: a fresh database of its
 * own (TEST_DATABASE_URL, default the local server), the applications made by one INSERT ... SELECT
 * (one every 7 minutes: 100,000 over about 16 months), their status history (one row per status
 * reached, each ended by the next), sources, owners and stage due times as a busy team has them,
 * and 10,000 referrals. Each range is read as the route reads it (funnelReport: four queries run
 * together, then the names) and timed. The baseline, measured in the same run on the same data and
 * connection, is the cheapest read of those rows: `count(*)` of the range's applications. Prints
 * p50/p99 and the ratio of the p99s; exits 1 when a p99 is over 200 ms (the issue's target).
 * `npm run bench:funnel`; BENCH_ROWS and BENCH_RUNS change the size.
 */
const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 50);
const targetMs = 200;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const today = new Date();
const day = (daysAgo: number) =>
  new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const ranges: [string, { from: string; to: string }][] = [
  ['last 7 days', { from: day(6), to: day(0) }],
  ['last 30 days', { from: day(29), to: day(0) }],
  ['last quarter', { from: day(90), to: day(0) }],
  ['last 12 months', { from: day(365), to: day(0) }],
  ['everything (3 years)', { from: day(1095), to: day(0) }],
];

/**
 * What the funnel reads besides the applications' own columns: sources (70% direct, 10% each
 * referral, partner and booking), 20 consultants owning 80% of the cases, 10% of the open cases
 * past their stage's due time, one status-history row per status reached (the time in each a few
 * days, ended by the next), and referrals (the leads count).
 */
async function addFunnelData(db: Db): Promise<void> {
  await db.execute(sql`insert into users (id, name, email, email_verified, role)
    select gen_random_uuid(), 'Consultant ' || g, 'bench-consultant-' || g || '@example.test', true, 'consultant' from generate_series(1, 20) g`);
  await db.execute(sql`with staff as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench-consultant-%')
    update applications a set
      owner_id = (select id from staff where k = abs(hashtext(a.id::text)) % 25),
      source_kind = (array['direct','direct','direct','direct','direct','direct','direct','referral','partner','booking'])[1 + abs(hashtext(a.id::text || 's')) % 10],
      stage_due_at = case when a.status = 'accepted' then null
        when abs(hashtext(a.id::text)) % 10 = 0 then now() - interval '1 day' else now() + interval '3 days' end`);
  const order = sql.raw(`(array[${applicationStatuses.map((s) => `'${s}'`).join(', ')}]::text[])`);
  await db.execute(sql`insert into application_status_events (application_id, from_status, status, created_at, ended_at)
    select a.id, ${order}[s.k - 1], s.status,
      a.created_at + make_interval(hours => ((s.k - 1) * (24 + abs(hashtext(a.id::text)) % 96))::int),
      case when s.status = a.status then null
        else a.created_at + make_interval(hours => (s.k * (24 + abs(hashtext(a.id::text)) % 96))::int) end
    from applications a
    cross join lateral unnest(${order}) with ordinality as s(status, k)
    where s.k <= array_position(${order}, a.status)`);
  await db.execute(sql`insert into referrals (id, idempotency_key, name, country, phone, email, student_name, created_at)
    select gen_random_uuid(), gen_random_uuid(), 'Referrer ' || g, 'NG', '+4477009' || lpad(g::text, 5, '0'),
      'bench-referrer-' || g || '@example.test', 'Student ' || g,
      now() - make_interval(mins => g * 70)
    from generate_series(1, 10000) g`);
}

/** The baseline: the cheapest read of the range's rows (an index-only count), same connection. */
function baseline(db: Db, range: { from: string; to: string }) {
  const [start, end] = rangeOf(range);
  return () =>
    db.execute(
      sql`select count(*) from applications where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
    );
}

const { database, drop } = await createTestDatabase();
const opened = await openDatabase(database);
try {
  const db = opened.db;
  await runMigrations(opened.kind, db);
  await seedCatalogue(
    db,
    await readCatalogueFiles(path.resolve(import.meta.dirname, '../server/db/catalogue')),
  );
  let started = performance.now();
  await insertGeneratedApplications(db, {
    count: rowCount,
    newest: today,
    stepMinutes: 7,
    tag: 'f',
  });
  console.log(
    `database: ${opened.kind}; ${rowCount.toLocaleString('en-GB')} applications inserted in ${Math.round(performance.now() - started)} ms`,
  );
  started = performance.now();
  await addFunnelData(db);
  await db.execute(sql`vacuum analyze applications`);
  await db.execute(sql`vacuum analyze application_status_events`);
  await db.execute(sql`vacuum analyze referrals`);
  const events = (await db.execute(
    sql`select count(*)::int as n from application_status_events`,
  )) as unknown as { rows: { n: number }[] };
  console.log(
    `${events.rows[0]!.n.toLocaleString('en-GB')} status-history rows, sources, owners and 10,000 referrals in ${Math.round(performance.now() - started)} ms; ${runs} timed runs per range after 3 warm-up runs\n`,
  );

  let failed = 0;
  console.log(
    `${'range'.padEnd(22)} ${'applications'.padStart(12)}  ${'funnel p50'.padStart(10)}  ${'p99'.padStart(8)}  ${'baseline p99'.padStart(12)}  ${'ratio'.padStart(6)}`,
  );
  for (const [name, range] of ranges) {
    const query = funnelQuery.parse(range);
    const base = summarise(await timedRuns(baseline(db, range), runs));
    const funnel = summarise(await timedRuns(() => funnelReport(db, query), runs));
    const report = await funnelReport(db, query);
    const applications = report.steps.find((s) => s.step === 'applications')!.count;
    const over = funnel.p99 >= targetMs;
    if (over) failed++;
    console.log(
      `${name.padEnd(22)} ${String(applications).padStart(12)}  ${`${funnel.p50} ms`.padStart(10)}  ${`${funnel.p99} ms`.padStart(8)}  ${`${base.p99} ms`.padStart(12)}  ${(funnel.p99 / Math.max(base.p99, 0.01)).toFixed(1).padStart(6)}  ${over ? 'OVER TARGET' : 'ok'}`,
    );
  }
  console.log(
    failed === 0
      ? `\nEvery range is read under ${targetMs} ms (p99).`
      : `\n${failed} range(s) over ${targetMs} ms (p99).`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await opened.close();
  // BENCH_KEEP=1 leaves the database for EXPLAIN by hand (drop it after)
  if (process.env.BENCH_KEEP) console.log(`kept: ${JSON.stringify(database)}`);
  else await drop();
}
