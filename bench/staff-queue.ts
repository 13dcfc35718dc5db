import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queueQuery, type QueueQuery } from '../shared/schemas/staff.ts';
import { readCatalogueFiles } from '../server/db/catalogue-files.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedCatalogue } from '../server/db/seed-catalogue.ts';
import {
  flagCountsSql,
  queueRowsQuery,
  statusCountsSql,
} from '../server/modules/staff/queue-repository.ts';
import { noteApplicationChange } from '../server/modules/staff/queue-counts.ts';
import { listQueue } from '../server/modules/staff/queue-service.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import {
  generatedRow,
  insertGeneratedApplications,
} from '../tests/factories/staff-applications.ts';
import { summarise, timedRuns } from './lib.ts';

/**
 * The staff queue at 100,000 applications on PostgreSQL: a fresh database of its own (from
 * TEST_DATABASE_URL, default the local server), rows made by one INSERT ... SELECT, then each
 * common queue page timed as the route runs it (the page of rows plus the counts per status).
 * Prints p50/p99 per query (counts computed: cold) and the p50 with the counts kept (warm) and the EXPLAIN ANALYZE of the slowest; exits 1 when a p50 is over
 * the 50 ms target.
 */
const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const targetMs = 50;
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const today = new Date();
/** "My cases" is asked as one of the 20 generated consultants (set once they exist). */
const ctx = { userId: '00000000-0000-4000-8000-000000000000', now: today };
const set = { count: rowCount, newest: today, stepMinutes: 7, tag: 'b' };
const daysAgo = (n: number) =>
  new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const cases: [string, Record<string, string>][] = [
  ['default page (newest first)', {}],
  ['status = reviewed', { status: 'reviewed' }],
  ['name search "okafor"', { q: 'okafor' }],
  ['name search "ama ok"', { q: 'ama ok' }],
  ['two-letter search "ta"', { q: 'ta' }],
  ['start of an e-mail', { q: generatedRow(4321, set).email.slice(0, 14) }],
  ['whole e-mail', { q: generatedRow(1234, set).email.toUpperCase() }],
  ['submitted in a 30-day range', { from: daysAgo(120), to: daysAgo(90) }],
  ['sorted by name, page 3', { sort: 'name', page: '3' }],
  ['sorted by status', { sort: 'status' }],
  ['university + level', { universityId: 'university-of-manchester', level: 'Masters' }],
  ['status + search + name sort', { status: 'submitted', q: 'khan', sort: 'name' }],
  ['page 200 of 50', { page: '200', pageSize: '50' }],
  ['no match, sorted by name', { q: 'qqqq', sort: 'name' }],
  ['no match, newest first', { q: 'qqqq' }],
  ['rare match, sorted by status', { q: 'zain wil', sort: 'status' }],
  // casework filters (issue 12): owner, late, action required
  ['my cases', { owner: 'me' }],
  ['unassigned', { owner: 'none' }],
  ['late', { late: '1' }],
  ['action required', { action: 'required' }],
  ['overdue requests', { action: 'overdue' }],
  ['my late cases', { owner: 'me', late: '1' }],
  ['reviewed + late, by name', { status: 'reviewed', late: '1', sort: 'name' }],
  ['my cases, action required', { owner: 'me', action: 'required' }],
  // choice filters (D18, issue 24): flags on the application, each with its partial index
  ['awaiting decision', { choice: 'awaiting_decision' }],
  ['offer awaiting reply', { choice: 'offer_awaiting_reply' }],
  ['awaiting decision, by name', { choice: 'awaiting_decision', sort: 'name' }],
  ['offer awaiting reply, by status', { choice: 'offer_awaiting_reply', sort: 'status' }],
  ['awaiting decision, by status', { choice: 'awaiting_decision', sort: 'status' }],
  ['offer awaiting reply, by name', { choice: 'offer_awaiting_reply', sort: 'name' }],
  ['my offers awaiting reply', { owner: 'me', choice: 'offer_awaiting_reply' }],
  ['awaiting decision + search', { choice: 'awaiting_decision', q: 'khan' }],
];

/**
 * Casework columns as a busy team has them: 20 consultants own 80% of the cases; 10% are late
 * (due yesterday), the other open ones due in 3 days; 2% wait on the applicant, a third of those
 * past their due date. Choices (D18): two thirds of the applied and offered cases await a
 * university's decision, half of the offered ones an answer from the student.
 */
async function addCasework(db: Db): Promise<void> {
  await db.execute(sql`insert into users (id, name, email, email_verified, role)
    select gen_random_uuid(), 'Consultant ' || g, 'bench-consultant-' || g || '@example.test', true, 'consultant' from generate_series(1, 20) g`);
  await db.execute(sql`with staff as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench-consultant-%')
    update applications a set
      owner_id = (select id from staff where k = abs(hashtext(a.id::text)) % 25),
      stage_due_at = case when a.status = 'accepted' then null
        when abs(hashtext(a.id::text)) % 10 = 0 then now() - interval '1 day' else now() + interval '3 days' end,
      request_due_on = case when abs(hashtext(a.id::text || 'r')) % 50 = 0 then current_date + (abs(hashtext(a.id::text)) % 15 - 5) end,
      awaiting_decision = a.status in ('applied', 'offered') and abs(hashtext(a.id::text || 'c')) % 3 <> 0,
      offer_awaiting_reply = a.status = 'offered' and abs(hashtext(a.id::text || 'o')) % 2 = 0`);
  const me = (await db.execute(
    sql`select id from users where email = 'bench-consultant-1@example.test'`,
  )) as unknown as { rows: { id: string }[] };
  ctx.userId = me.rows[0]!.id;
}

/**
 * Cold: as after any application change, the counts are computed with the page (the figure held
 * to the target). Warm: the same filters again within a few seconds (paging, sorting, a reload),
 * the counts kept (server/modules/staff/queue-counts.ts).
 */
function time(db: Db, query: QueueQuery, cold: boolean): Promise<number[]> {
  return timedRuns(() => listQueue(db, query, ctx), runs, cold ? noteApplicationChange : undefined);
}

async function explain(db: Db, statement: { toSQL(): { sql: string; params: unknown[] } } | SQL) {
  const { sql: text, params } =
    'toSQL' in statement ? statement.toSQL() : new PgDialect().sqlToQuery(statement);
  const result = (await db.execute(
    sql.raw(`explain (analyze, buffers) ${inline(text, params)}`),
  )) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

/** EXPLAIN cannot take bind parameters through drizzle's raw path: quote them in. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
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
  await insertGeneratedApplications(db, set);
  console.log(
    `database: ${opened.kind}; ${rowCount.toLocaleString('en-GB')} applications inserted in ${Math.round(performance.now() - started)} ms`,
  );
  started = performance.now();
  await addCasework(db);
  console.log(`casework columns set in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await db.execute(sql`vacuum analyze applications`);
  console.log(
    `vacuum analyze: ${Math.round(performance.now() - started)} ms; ${runs} timed runs per query after 3 warm-up runs\n`,
  );

  let slowest: { name: string; query: QueueQuery; p50: number } | null = null;
  let failed = 0;
  const only = process.env.BENCH_ONLY?.split(',');
  for (const [name, params] of cases) {
    if (only && !only.some((o) => name.includes(o))) continue;
    const query = queueQuery.parse(params);
    const result = summarise(await time(db, query, true));
    const warm = summarise(await time(db, query, false));
    const { total } = await listQueue(db, query, ctx);
    const verdict = result.p50 < targetMs ? 'ok' : 'OVER TARGET';
    if (result.p50 >= targetMs) failed++;
    console.log(
      `${name.padEnd(32)} p50 ${String(result.p50).padStart(6)} ms  p99 ${String(result.p99).padStart(6)} ms  ` +
        `max ${String(result.max).padStart(6)} ms  warm p50 ${String(warm.p50).padStart(6)} ms  total ${String(total).padStart(6)}  ${verdict}`,
    );
    if (!slowest || result.p50 > slowest.p50) slowest = { name, query, p50: result.p50 };
  }
  if (slowest) {
    console.log(
      `\nSlowest: ${slowest.name}\n\n-- the page of rows\n${await explain(db, queueRowsQuery(db, slowest.query, ctx))}`,
    );
    console.log(
      `\n-- the counts per status\n${await explain(db, statusCountsSql(slowest.query, ctx))}`,
    );
    console.log(
      `\n-- the casework flag counts\n${await explain(db, flagCountsSql(slowest.query, ctx))}`,
    );
  }
  console.log(
    failed === 0
      ? `\nEvery queue page is under ${targetMs} ms (p50).`
      : `\n${failed} queue page(s) over ${targetMs} ms.`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await opened.close();
  await drop();
}
