import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headlineStatus } from '../../shared/application-choices.ts';
import type { ApplicationStatus } from '../../shared/application-status.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { projectPaths } from '../paths.ts';
import { readCatalogueFiles } from './catalogue-files.ts';
import { openDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { applicationChoiceEvents, applicationChoices, applications } from './schema/index.ts';
import { seedCatalogue } from './seed-catalogue.ts';

let database: Database;
let drop: () => Promise<void>;
let before: string;

const manchester = 'university-of-manchester';
const program = 'msc-advanced-computer-science-manchester';

/** One application per status (two offered: conditional and unconditional), and a withdrawn one. */
const cases: {
  id: string;
  status: ApplicationStatus;
  picks: string[];
  afterOffer: Record<string, unknown>;
  outcome?: string;
}[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'submitted',
    picks: ['university-of-oxford', manchester, 'imperial-college-london'],
    afterOffer: {},
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    status: 'reviewed',
    picks: ['university-of-oxford', 'imperial-college-london', 'university-of-cambridge'],
    afterOffer: {},
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    status: 'applied',
    picks: [manchester, 'university-of-oxford', 'imperial-college-london'],
    afterOffer: {},
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    status: 'offered',
    picks: ['university-of-oxford', 'imperial-college-london', manchester],
    afterOffer: { offerType: 'conditional', conditions: 'IELTS 6.5 by July' },
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    status: 'offered',
    picks: [],
    afterOffer: { offerType: 'unconditional' },
  },
  {
    id: '00000000-0000-4000-8000-000000000006',
    status: 'accepted',
    picks: ['university-of-oxford', manchester, 'imperial-college-london'],
    afterOffer: { offerType: 'conditional', conditions: 'A 2:1', conditionsMetOn: '2026-07-01' },
  },
  {
    id: '00000000-0000-4000-8000-000000000007',
    status: 'applied',
    picks: ['university-of-oxford', 'no-such-university', manchester],
    afterOffer: {},
    outcome: 'withdrawn',
  },
];

/** A database as main had it before choices (migrations 0000 to 0020), with an application in every status. */
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase(created.database);
  before = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await cp(projectPaths.migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0021');
  await writeFile(journalFile, JSON.stringify(journal));
  const migrate = database.kind === 'postgres' ? migratePg : migratePglite;
  await migrate(database.db as never, { migrationsFolder: before });
  // today's seed writes the catalogue columns later migrations add (0023, 0024, 0026: they add
  // them only if missing, so the migrations below still run over them)
  for (const statement of [
    ...['universities', 'programs', 'program_categories', 'uk_cost_figures', 'consultants'].map(
      (table) => `alter table ${table} add column if not exists version integer not null default 1`,
    ),
    `alter table universities add column if not exists names jsonb not null default '{}'::jsonb`,
    `alter table consultants add column if not exists role_by_language jsonb not null default '{}'::jsonb`,
    `alter table consultants add column if not exists nationality_by_language jsonb not null default '{}'::jsonb`,
  ])
    await database.db.execute(sql.raw(statement));
  await seedCatalogue(database.db, await readCatalogueFiles(projectPaths.catalogue));
  for (const c of cases) {
    await database.db.execute(sql`
      insert into applications (id, full_name, date_of_birth, email, phone, passport_number, nationality,
        residency_country, english_level, has_certification, status, program_id, program_name, program_level,
        university_id, university_name, picked_university_ids, after_offer, outcome, outcome_at,
        created_at, last_status_update)
      values (${c.id}, 'Amara Okafor', '1999-01-01', 'amara@example.test', '+447700900001', 'x', 'Nigeria',
        'Nigeria', 'advanced', true, ${c.status}, ${program}, 'MSc Advanced Computer Science', 'Masters',
        ${manchester}, 'The University of Manchester', ${`{${c.picks.join(',')}}`}::text[],
        ${JSON.stringify(c.afterOffer)}::jsonb, ${c.outcome ?? null}, ${c.outcome ? new Date() : null},
        '2026-01-10T10:00:00Z', '2026-03-01T09:00:00Z')`);
    await database.db.execute(sql`
      insert into application_status_events (application_id, from_status, status, created_at)
      values (${c.id}, null, 'submitted', '2026-01-10T10:00:00Z')`);
    if (['applied', 'offered', 'accepted'].includes(c.status)) {
      await database.db.execute(sql`
        insert into application_status_events (application_id, from_status, status, created_at)
        values (${c.id}, 'reviewed', 'applied', '2026-02-03T23:30:00Z')`);
    }
  }
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  await rm(before, { recursive: true, force: true });
});

describe('migration 0021: each application gets its choices (D18)', () => {
  it('turns every status into the matching state of its choices, and the headline derived from them is the status it had', async () => {
    await database.withMigrationLock((db) => runMigrations(database.kind, db));
    const rows = await database.db
      .select()
      .from(applicationChoices)
      .orderBy(asc(applicationChoices.applicationId), asc(applicationChoices.position));
    const of = (id: string) => rows.filter((r) => r.applicationId === id);

    for (const c of cases) {
      const choices = of(c.id);
      // the program's university first, with its program; the other picks after it, in pick order
      expect(choices[0]).toMatchObject({
        position: 1,
        universityId: manchester,
        programId: program,
      });
      expect(choices.slice(1).every((r) => r.programId === null)).toBe(true);
      const [stored] = await database.db
        .select({ status: applications.status })
        .from(applications)
        .where(sql`${applications.id} = ${c.id}`);
      expect(stored!.status).toBe(c.status);
      expect(headlineStatus(c.status, choices)).toBe(c.status);
    }

    expect(of(cases[0]!.id).map((r) => r.universityId)).toEqual([
      manchester,
      'university-of-oxford',
      'imperial-college-london',
    ]);
    expect(of(cases[1]!.id)).toHaveLength(4);
    expect(of(cases[1]!.id).every((r) => r.sentOn === null && r.decision === null)).toBe(true);
    // applied: every choice sent on the day (UTC) it moved to applied
    expect(of(cases[2]!.id).map((r) => [r.universityId, r.sentOn, r.decision])).toEqual([
      [manchester, '2026-02-03', null],
      ['university-of-oxford', '2026-02-03', null],
      ['imperial-college-london', '2026-02-03', null],
    ]);
    // offered: a conditional offer with its conditions on the first choice, the others awaiting
    expect(of(cases[3]!.id).map((r) => [r.decision, r.conditions, r.reply])).toEqual([
      ['conditional_offer', ['IELTS 6.5 by July'], null],
      [null, [], null],
      [null, [], null],
    ]);
    expect(of(cases[4]!.id)).toMatchObject([
      { decision: 'unconditional_offer', conditions: [], sentOn: '2026-02-03' },
    ]);
    // accepted: the firm offer, unconditional, its conditions met
    expect(of(cases[5]!.id)[0]).toMatchObject({
      decision: 'unconditional_offer',
      reply: 'firm',
      conditions: ['A 2:1'],
      conditionsMetOn: '2026-07-01',
    });
    expect(
      of(cases[5]!.id)
        .slice(1)
        .map((r) => [r.decision, r.reply]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
    // an unknown picked university is dropped; a withdrawn application keeps its choices as they were
    expect(of(cases[6]!.id).map((r) => r.universityId)).toEqual([
      manchester,
      'university-of-oxford',
    ]);
    // migration 0025: the queue's choice flags from the choices; a closed case awaits nothing
    const flags = await database.db
      .select({
        id: applications.id,
        awaitingDecision: applications.awaitingDecision,
        offerAwaitingReply: applications.offerAwaitingReply,
      })
      .from(applications)
      .orderBy(asc(applications.id));
    expect(flags.map((f) => [f.awaitingDecision, f.offerAwaitingReply])).toEqual([
      [false, false], // submitted
      [false, false], // reviewed
      [true, false], // applied
      [true, true], // offered: the first choice's offer, the others sent
      [false, true], // offered, one choice
      [true, false], // accepted: the firm offer answered, the others still sent
      [false, false], // withdrawn
    ]);
    const events = await database.db.select().from(applicationChoiceEvents);
    expect(events).toHaveLength(rows.length);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['migrated']));
  });
});
