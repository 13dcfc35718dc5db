import { stringify } from 'csv-stringify/sync';
import { inArray, sql } from 'drizzle-orm';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import {
  applicationSourceKinds,
  type ApplicationSourceKind,
} from '../../../shared/application-source.ts';
import type {
  FunnelBreakdownRow,
  FunnelQuery,
  FunnelReport,
  FunnelStep,
} from '../../../shared/schemas/leads.ts';
import type { Db } from '../../db/client.ts';
import { universities } from '../../db/schema/index.ts';
import { findPeople } from '../staff/application-repository.ts';

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The range's bounds: from the first day's start to the end of the last (UTC days). */
export function rangeOf(query: { from: string; to: string }): [Date, Date] {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(`${query.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [start, end];
}

type Counts = Omit<FunnelBreakdownRow, 'key' | 'label'>;
type GroupRow = {
  source_kind: ApplicationSourceKind | null;
  owner_id: string | null;
  university_id: string | null;
  g: number | string;
  applications: number | string;
  reviewed: number | string;
  sent: number | string;
  offers: number | string;
  accepted: number | string;
};

const countsOf = (r: GroupRow): Counts => ({
  applications: Number(r.applications),
  reviewed: Number(r.reviewed),
  sent: Number(r.sent),
  offers: Number(r.offers),
  accepted: Number(r.accepted),
});

const zero: Counts = { applications: 0, reviewed: 0, sent: 0, offers: 0, accepted: 0 };

/**
 * The funnel for a date range (issue 28 §4): what came in (guidance sessions saved, bookings,
 * referrals, applications, all by creation date in the range) and how far those applications got
 * (their status now: reviewed or later, sent to universities (applied) or later, offered or later,
 * accepted); by source, consultant (the case's owner) and university (the chosen program's). Time
 * in status: the median of the statuses that ended in the range (entered in it). Over the limit:
 * open cases past their stage's due time now. Each part is one pass over an index.
 */
export async function funnelReport(
  db: Db,
  query: FunnelQuery,
  now = new Date(),
): Promise<FunnelReport> {
  const [start, end] = rangeOf(query);
  const inRange = (column: string) =>
    sql.raw(`${column} >= '${start.toISOString()}' and ${column} < '${end.toISOString()}'`);

  const [leadCounts, groups, times, overdue] = await Promise.all([
    db.execute(sql`select
      (select count(*) from saved_guidance where ${inRange('created_at')}) as guidance,
      (select count(*) from bookings where ${inRange('created_at')}) as bookings,
      (select count(*) from referrals where ${inRange('created_at')}) as referrals`),
    db.execute(sql`select source_kind, owner_id, university_id,
        grouping(source_kind, owner_id, university_id) as g,
        count(*) as applications,
        count(*) filter (where status <> 'submitted') as reviewed,
        count(*) filter (where status in ('applied', 'offered', 'accepted')) as sent,
        count(*) filter (where status in ('offered', 'accepted')) as offers,
        count(*) filter (where status = 'accepted') as accepted
      from applications where ${inRange('created_at')}
      group by grouping sets ((), (source_kind), (owner_id), (university_id))`),
    // the medians sort every status row of the range: in memory (the default 4 MB spills to disk
    // from about 100,000 rows, bench/funnel.ts), for this transaction only
    db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      return tx.execute(sql`select status,
        percentile_cont(0.5) within group (order by extract(epoch from ended_at - created_at)) as median_seconds,
        count(*) as n
      from application_status_events
      where ended_at is not null and ${inRange('created_at')}
      group by status`);
    }),
    // index-only on applications_overdue_idx (decision 0049): its predicate is this filter's
    db.execute(sql`select status, count(*) as n from applications
      where stage_due_at is not null and stage_due_at < ${now.toISOString()}::timestamptz and outcome is null
      group by status`),
  ]);

  const lead = rowsOf<{ guidance: string; bookings: string; referrals: string }>(leadCounts)[0]!;
  const grouped = rowsOf<GroupRow>(groups);
  // grouping() bits: source 4, owner 2, university 1 (a 1 bit: not grouped by that column)
  const total = grouped.find((r) => Number(r.g) === 7);
  const bySourceRows = grouped.filter((r) => Number(r.g) === 3);
  const byOwnerRows = grouped.filter((r) => Number(r.g) === 5);
  const byUniversityRows = grouped.filter((r) => Number(r.g) === 6);

  const totals = total ? countsOf(total) : zero;
  const counts: Record<FunnelStep, number> = {
    guidance: Number(lead.guidance),
    bookings: Number(lead.bookings),
    referrals: Number(lead.referrals),
    ...totals,
  };
  const order = Object.keys(counts) as FunnelStep[];
  const steps = order.map((step, i) => {
    const before = i === 0 ? null : counts[order[i - 1]!];
    // guidance → bookings → referrals are separate ways in: conversion is counted from applications on
    const conversion =
      i <= 3 || before === null || before === 0
        ? null
        : Math.round((counts[step] / before) * 1000) / 10;
    return { step, count: counts[step], conversion };
  });

  const people = await findPeople(
    db,
    byOwnerRows.map((r) => r.owner_id),
  );
  const universityIds = byUniversityRows.map((r) => r.university_id!).filter(Boolean);
  const universityNames = new Map(
    universityIds.length === 0
      ? []
      : (
          await db
            .select({ id: universities.id, name: universities.name })
            .from(universities)
            .where(inArray(universities.id, universityIds))
        ).map((u) => [u.id, u.name]),
  );
  const byCount = (a: FunnelBreakdownRow, b: FunnelBreakdownRow) =>
    b.applications - a.applications || a.label.localeCompare(b.label);

  const timesRows = rowsOf<{
    status: ApplicationStatus;
    median_seconds: number | string | null;
    n: string;
  }>(times);
  const overdueRows = rowsOf<{ status: ApplicationStatus; n: string }>(overdue);

  return {
    from: query.from,
    to: query.to,
    steps,
    bySource: applicationSourceKinds.map((kind) => {
      const row = bySourceRows.find((r) => r.source_kind === kind);
      return { key: kind, label: kind, ...(row ? countsOf(row) : zero) };
    }),
    byConsultant: byOwnerRows
      .map((r) => ({
        key: r.owner_id ?? 'none',
        label: r.owner_id ? (people.get(r.owner_id) ?? 'Former staff member') : 'Unassigned',
        ...countsOf(r),
      }))
      .sort(byCount),
    byUniversity: byUniversityRows
      .map((r) => ({
        key: r.university_id!,
        label: universityNames.get(r.university_id!) ?? r.university_id!,
        ...countsOf(r),
      }))
      .sort(byCount),
    timeInStatus: applicationStatuses.map((status) => {
      const row = timesRows.find((r) => r.status === status);
      return {
        status,
        medianHours:
          row && row.median_seconds !== null
            ? Math.round((Number(row.median_seconds) / 3600) * 10) / 10
            : null,
        count: row ? Number(row.n) : 0,
      };
    }),
    overdue: applicationStatuses.map((status) => ({
      status,
      count: Number(overdueRows.find((r) => r.status === status)?.n ?? 0),
    })),
  };
}

/** The report as CSV for a spreadsheet: one section per table, each row a line. */
export function funnelCsv(report: FunnelReport): string {
  const rows: (string | number | null)[][] = [
    [
      'section',
      'key',
      'label',
      'applications',
      'reviewed',
      'sent',
      'offers',
      'accepted',
      'count',
      'conversion_percent',
      'median_hours',
    ],
  ];
  for (const s of report.steps)
    rows.push(['step', s.step, s.step, null, null, null, null, null, s.count, s.conversion, null]);
  const breakdown = (section: string, list: FunnelBreakdownRow[]) => {
    for (const r of list)
      rows.push([
        section,
        r.key,
        r.label,
        r.applications,
        r.reviewed,
        r.sent,
        r.offers,
        r.accepted,
        null,
        null,
        null,
      ]);
  };
  breakdown('source', report.bySource);
  breakdown('consultant', report.byConsultant);
  breakdown('university', report.byUniversity);
  for (const t of report.timeInStatus)
    rows.push([
      'time_in_status',
      t.status,
      t.status,
      null,
      null,
      null,
      null,
      null,
      t.count,
      null,
      t.medianHours,
    ]);
  for (const o of report.overdue)
    rows.push([
      'over_limit',
      o.status,
      o.status,
      null,
      null,
      null,
      null,
      null,
      o.count,
      null,
      null,
    ]);
  // a label starting with = + - @ is written as text, not a spreadsheet formula
  return stringify(
    rows.map((r) => r.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v))),
  );
}
