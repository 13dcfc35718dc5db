import { and, asc, eq, inArray, isNull, min } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../shared/application-status.ts';
import type { StageTimes } from '../../../shared/schemas/casework.ts';
import { applicationStatuses } from '../../../shared/application-status.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationMessages,
  applicationRequests,
  applications,
  programs,
  stageTimes,
  ukCostFigures,
  universities,
  users,
} from '../../db/schema/index.ts';

export type RequestRow = typeof applicationRequests.$inferSelect;
export type MessageRow = typeof applicationMessages.$inferSelect;

/** What the after-offer checklist needs of the program: its ATAS flag and what it costs. */
export interface ProgramFacts {
  atasRequired: boolean;
  tuitionGbp: number;
  feeYear: string;
  durationMonths: number;
  inLondon: boolean;
}

export interface CostFigureRow {
  kind: string;
  amountGbp: number;
  effectiveFrom: string;
  source: string;
  sourceUrl: string;
}

export interface CaseworkRecord {
  requests: RequestRow[];
  messages: (MessageRow & { authorName: string | null })[];
  stageTimes: StageTimes;
  program: ProgramFacts | null;
  figures: CostFigureRow[];
}

export async function findStageTimes(db: Db): Promise<StageTimes> {
  const rows = await db
    .select({ status: stageTimes.status, workingDays: stageTimes.workingDays })
    .from(stageTimes);
  const times = Object.fromEntries(applicationStatuses.map((s) => [s, null])) as StageTimes;
  for (const r of rows) times[r.status] = r.workingDays;
  return times;
}

/** Requests, messages, stage times and (after an offer) program facts for a batch of applications. */
export async function loadCasework(
  db: Db,
  rows: { id: string; programId: string; status: ApplicationStatus }[],
): Promise<Map<string, CaseworkRecord>> {
  const ids = rows.map((r) => r.id);
  const result = new Map<string, CaseworkRecord>();
  if (ids.length === 0) return result;
  const offered = rows.filter((r) => r.status === 'offered' || r.status === 'accepted');
  const programIds = [...new Set(offered.map((r) => r.programId))];
  const [requests, messages, times, facts, figures] = await Promise.all([
    db
      .select()
      .from(applicationRequests)
      .where(inArray(applicationRequests.applicationId, ids))
      .orderBy(asc(applicationRequests.createdAt), asc(applicationRequests.id)),
    db
      .select({ message: applicationMessages, authorName: users.name })
      .from(applicationMessages)
      .leftJoin(users, eq(users.id, applicationMessages.authorId))
      .where(inArray(applicationMessages.applicationId, ids))
      .orderBy(asc(applicationMessages.createdAt), asc(applicationMessages.id)),
    findStageTimes(db),
    programIds.length === 0
      ? []
      : db
          .select({
            id: programs.id,
            atasRequired: programs.atasRequired,
            tuitionGbp: programs.tuitionGbp,
            feeYear: programs.feeYear,
            durationMonths: programs.durationMonths,
            region: universities.region,
          })
          .from(programs)
          .innerJoin(universities, eq(universities.id, programs.universityId))
          .where(inArray(programs.id, programIds)),
    programIds.length === 0
      ? []
      : db
          .select({
            kind: ukCostFigures.kind,
            amountGbp: ukCostFigures.amountGbp,
            effectiveFrom: ukCostFigures.effectiveFrom,
            source: ukCostFigures.source,
            sourceUrl: ukCostFigures.sourceUrl,
          })
          .from(ukCostFigures),
  ]);
  const factOf = new Map(facts.map((f) => [f.id, f]));
  for (const row of rows) {
    const f = factOf.get(row.programId);
    result.set(row.id, {
      requests: requests.filter((r) => r.applicationId === row.id),
      messages: messages
        .filter((m) => m.message.applicationId === row.id)
        .map((m) => ({ ...m.message, authorName: m.authorName })),
      stageTimes: times,
      program: f
        ? {
            atasRequired: f.atasRequired,
            tuitionGbp: f.tuitionGbp,
            feeYear: f.feeYear,
            durationMonths: f.durationMonths,
            inLondon: f.region === 'London',
          }
        : null,
      figures: f ? figures : [],
    });
  }
  return result;
}

/** Keeps `request_due_on` (the queue's "action required" column) equal to the earliest open request's date. */
export async function refreshRequestDue(db: Db, applicationId: string): Promise<void> {
  const [row] = await db
    .select({ due: min(applicationRequests.dueOn) })
    .from(applicationRequests)
    .where(
      and(
        eq(applicationRequests.applicationId, applicationId),
        isNull(applicationRequests.closedAt),
      ),
    );
  await db
    .update(applications)
    .set({ requestDueOn: row?.due ?? null })
    .where(eq(applications.id, applicationId));
}

export async function findRequest(db: Db, applicationId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(applicationRequests)
    .where(
      and(
        eq(applicationRequests.applicationId, applicationId),
        eq(applicationRequests.id, requestId),
      ),
    );
  return row;
}
