import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses } from '../../../shared/application-status.ts';
import type { QueuePage } from '../../../shared/schemas/staff.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import {
  generatedRow,
  insertGeneratedApplications,
  type GeneratedSet,
} from '../../../tests/factories/staff-applications.ts';
import { applications } from '../../db/schema/index.ts';

const ctx = useTestApp();
const count = 3000;
const set: GeneratedSet = { count, newest: new Date(), stepMinutes: 60, tag: 'q' };
const programs = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../db/catalogue/programs.json'), 'utf8'),
  ) as {
    programs: { id: string; universityId: string; level: string }[];
  }
).programs.sort((a, b) => (a.id < b.id ? -1 : 1));

const rows = Array.from({ length: count }, (_, i) => {
  const row = generatedRow(i + 1, set);
  return { ...row, program: programs[row.programIndex]! };
});
let cookie: string;

async function queue(params: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await staffCall(
    ctx.app,
    { method: 'GET', url: `/api/staff/applications?${search}` },
    cookie,
  );
  return res;
}
async function page(params: Record<string, string | number> = {}): Promise<QueuePage> {
  const res = await queue(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Word-start matching as the queue does it: every typed word starts a word of the name, or the e-mail. */
function matchesSearch(row: (typeof rows)[number], term: string): boolean {
  const lexemes = [...row.fullName.toLowerCase().split(/[^a-z0-9]+/), row.email];
  return term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .every((word) => lexemes.some((l) => l.startsWith(word)));
}

/** Midnight in London on `day`, as an instant. */
function londonMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(new Date(utcMidnight))
    .find((p) => p.type === 'timeZoneName')!.value;
  const hours = Number(/GMT([+-]\d+)?/.exec(offset)![1] ?? 0);
  return utcMidnight - hours * 3_600_000;
}

beforeAll(async () => {
  await insertGeneratedApplications(ctx.app.db, set);
  cookie = (await createStaff(ctx.app, 'consultant')).cookie;
});

describe('the staff queue with 3,000 applications', () => {
  it('pages newest first with a total and counts per status', async () => {
    const first = await page();
    expect(first.total).toBe(count);
    expect(first.items).toHaveLength(25);
    for (const status of applicationStatuses) {
      expect(first.statusCounts[status], status).toBe(
        rows.filter((r) => r.status === status).length,
      );
    }
    expect(first.items.map((i) => i.email)).toEqual(rows.slice(0, 25).map((r) => r.email));
    const second = await page({ page: 2 });
    expect(second.items.map((i) => i.email)).toEqual(rows.slice(25, 50).map((r) => r.email));
    const last = await page({ page: 120 });
    expect(last.items.map((i) => i.email)).toEqual(rows.slice(2975).map((r) => r.email));
    expect((await page({ page: 121 })).items).toEqual([]);
    expect((await page({ dir: 'asc', pageSize: 10 })).items.map((i) => i.email)).toEqual(
      rows
        .slice(-10)
        .reverse()
        .map((r) => r.email),
    );
  });

  it('walks every page sorted by name and sees each application exactly once, in order', async () => {
    const seen: QueuePage['items'] = [];
    for (let n = 1; n <= 30; n++)
      seen.push(...(await page({ sort: 'name', pageSize: 100, page: n })).items);
    expect(seen).toHaveLength(count);
    expect(new Set(seen.map((i) => i.id)).size).toBe(count);
    const names = seen.map((i) => i.fullName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const descending = await page({ sort: 'name', dir: 'desc', pageSize: 10 });
    expect(descending.items[0]!.fullName.toLowerCase()).toBe(names.at(-1));
  });

  it('sorts by status in workflow order, longest waiting first', async () => {
    const result = await page({ sort: 'status', pageSize: 100 });
    expect(result.items.every((i) => i.status === 'submitted')).toBe(true);
    const oldestSubmitted = rows.filter((r) => r.status === 'submitted').reverse();
    expect(result.items.map((i) => i.email)).toEqual(
      oldestSubmitted.slice(0, 100).map((r) => r.email),
    );
    const backwards = await page({ sort: 'status', dir: 'desc', pageSize: 10 });
    expect(backwards.items.every((i) => i.status === 'accepted')).toBe(true);
  });

  it.each(applicationStatuses)(
    'filters by status %s, keeping the counts of the others',
    async (status) => {
      const expected = rows.filter((r) => r.status === status);
      const result = await page({ status, pageSize: 50, page: 2 });
      expect(result.total).toBe(expected.length);
      expect(result.items.map((i) => i.email)).toEqual(expected.slice(50, 100).map((r) => r.email));
      expect(result.statusCounts.submitted).toBe(
        rows.filter((r) => r.status === 'submitted').length,
      );
    },
  );

  it('filters by university, program and level, alone and together', async () => {
    const ucl = 'university-college-london-ucl';
    const byUniversity = await page({ universityId: ucl, pageSize: 100 });
    expect(byUniversity.total).toBe(rows.filter((r) => r.program.universityId === ucl).length);
    expect(
      byUniversity.items.every((i) => i.universityName.includes('University College London')),
    ).toBe(true);

    const program = programs[5]!;
    const byProgram = await page({ programId: program.id });
    expect(byProgram.total).toBe(rows.filter((r) => r.program.id === program.id).length);
    // a program of another university than the one chosen: nothing matches, and it is not an error
    const elsewhere = programs.find(
      (p) => p.universityId !== ucl && rows.some((r) => r.program.id === p.id),
    )!;
    const mismatched = await page({ universityId: ucl, programId: elsewhere.id });
    expect(mismatched.total).toBe(0);
    expect(mismatched.items).toEqual([]);

    const masters = await page({ level: 'Masters' });
    expect(masters.total).toBe(rows.filter((r) => r.program.level === 'Masters').length);
    expect(masters.items.every((i) => i.programLevel === 'Masters')).toBe(true);

    const combined = await page({ universityId: ucl, level: 'Bachelors', status: 'reviewed' });
    expect(combined.total).toBe(
      rows.filter(
        (r) =>
          r.program.universityId === ucl &&
          r.program.level === 'Bachelors' &&
          r.status === 'reviewed',
      ).length,
    );
    expect((await page({ universityId: 'no-such-university' })).total).toBe(0);
  });

  it('filters by submission dates in UK time, both ends included', async () => {
    const day = (daysAgo: number) =>
      new Date(set.newest.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const from = day(40);
    const to = day(20);
    const start = londonMidnight(from);
    const end = londonMidnight(
      new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    const expected = rows.filter(
      (r) => r.createdAt.getTime() >= start && r.createdAt.getTime() < end,
    );
    const result = await page({ from, to, pageSize: 100 });
    expect(result.total).toBe(expected.length);
    expect(result.items.map((i) => i.email)).toEqual(expected.slice(0, 100).map((r) => r.email));
    expect((await page({ from: day(1) })).total).toBe(
      rows.filter((r) => r.createdAt.getTime() >= londonMidnight(day(1))).length,
    );
    expect((await page({ from, to: from })).total).toBe(24);
  });

  it.each(['okafor', 'OKA', 'ama ok', "o'bri", 'zainab wil'])(
    'finds names by the start of their words: %s',
    async (term) => {
      const expected = rows.filter((r) => matchesSearch(r, term));
      expect(expected.length).toBeGreaterThan(0);
      const result = await page({ q: term, pageSize: 100 });
      expect(result.total).toBe(expected.length);
      expect(result.items.map((i) => i.email)).toEqual(expected.slice(0, 100).map((r) => r.email));
    },
  );

  it('finds an e-mail by its start or whole, whatever the case', async () => {
    const target = rows[1233]!;
    const whole = await page({ q: target.email.toUpperCase() });
    expect(whole.items.map((i) => i.email)).toEqual([target.email]);
    const start = target.email.slice(0, target.email.indexOf('@') - 1);
    const byStart = await page({ q: start, pageSize: 100 });
    expect(byStart.total).toBe(rows.filter((r) => r.email.startsWith(start)).length);
  });

  it('finds an application by its exact id, in any case', async () => {
    const [row] = await ctx.app.db.select({ id: applications.id }).from(applications).limit(1);
    const result = await page({ q: row!.id.toUpperCase() });
    expect(result.items.map((i) => i.id)).toEqual([row!.id]);
    expect(result.total).toBe(1);
    expect((await page({ q: row!.id.slice(0, 8) })).total).toBe(0);
  });

  it('takes % and _ literally and finds nothing for punctuation alone', async () => {
    expect(rows.some((r) => r.email.startsWith('amara.okafor'))).toBe(true);
    expect((await page({ q: 'amara_okafor' })).total).toBe(0);
    expect((await page({ q: '%kafor' })).total).toBe(0);
    expect((await page({ q: '%%' })).total).toBe(0);
    expect((await page({ q: '%@example.test' })).total).toBe(0);
    expect((await page({ q: "'); drop table applications; --" })).total).toBe(0);
    expect((await page()).total).toBe(count);
  });

  it.each([
    [{ pageSize: 7 }, 'pageSize'],
    [{ page: 0 }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ page: 401, pageSize: 25 }, 'page'],
    [{ sort: 'passportNumber' }, 'sort'],
    [{ dir: 'sideways' }, 'dir'],
    [{ status: 'rejected' }, 'status'],
    [{ level: 'PhD' }, 'level'],
    [{ from: '2025-02-30' }, 'from'],
    [{ from: '2025-06-02', to: '2025-06-01' }, 'to'],
    [{ q: 'x' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ universityId: 'u'.repeat(121) }, 'universityId'],
    [{ admin: 'true' }, 'admin'],
  ])('refuses %j, naming %s', async (params, field) => {
    const res = await queue(params as Record<string, string | number>);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });
});
