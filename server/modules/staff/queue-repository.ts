import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import type { QueueQuery } from '../../../shared/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/index.ts';
import { cachedCount } from './queue-counts.ts';

/*
 * Every expression below has an index of the same shape in migration 0005_staff_queue_indexes.sql;
 * change them together (bench/staff-queue.ts shows whether the plans still use them).
 */
const statusOrder = sql`array_position(ARRAY['submitted','reviewed','applied','offered','accepted']::text[], ${applications.status})`;
const searchDocument = sql`to_tsvector('simple'::regconfig, ${applications.fullName} || ' ' || ${applications.email})`;
const nameKey = sql`lower(${applications.fullName})`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const maxSearchWords = 8;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * An id finds that application. Something that looks like an e-mail address (an @, or one word
 * with a dot, underscore, plus or digit) matches the start of e-mail addresses, case-insensitive,
 * with wildcards taken literally. Other text matches names (and e-mails) word by word, each typed
 * word being the start of a word: "ama oka" finds Amara Okafor. A search with no letters or digits
 * finds nothing.
 */
const looksLikeEmail = (term: string) =>
  term.includes('@') || (!/\s/.test(term) && /[._+\d]/.test(term));

export function searchCondition(term: string): SQL {
  if (uuidPattern.test(term)) return eq(applications.id, term.toLowerCase());
  if (looksLikeEmail(term)) {
    return sql`lower(${applications.email}) like ${`${escapeLike(term.toLowerCase())}%`} escape '\\'`;
  }
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxSearchWords);
  if (words.length === 0) return sql`false`;
  // Only letters and digits reach to_tsquery, so no operator can be injected.
  const query = words.map((w) => `${w}:*`).join(' & ');
  return sql`${searchDocument} @@ to_tsquery('simple'::regconfig, ${query})`;
}

/** Submission days are read in UK time: a consultant's "1 June" starts at midnight in London. */
function dayStart(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'Europe/London')`;
}

export interface QueueContext {
  /** The consultant asking ("my cases"). */
  userId: string;
  now: Date;
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/*
 * The casework filters (issue 12, item 4), each backed by an index of migration 0014_casework: owner by
 * (owner_id, created_at), late by the partial index on stage_due_at, action required by the
 * partial index on request_due_on.
 */
const lateCondition = (now: Date) =>
  sql`${applications.stageDueAt} < ${now.toISOString()}::timestamptz`;
const actionCondition = () => sql`${applications.requestDueOn} is not null`;
const overdueCondition = (now: Date) => sql`${applications.requestDueOn} < ${todayOf(now)}::date`;
// backed by the partial index applications_erasure_requested_idx (migration 0019)
const erasureCondition = () => sql`${applications.erasureRequestedAt} is not null`;

function ownerCondition(owner: string, ctx: QueueContext): SQL {
  if (owner === 'none') return sql`${applications.ownerId} is null`;
  return eq(applications.ownerId, owner === 'me' ? ctx.userId : owner.toLowerCase());
}

function filterConditions(
  query: QueueQuery,
  withStatus: boolean,
  ctx: QueueContext,
  withFlags = true,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.owner ? ownerCondition(query.owner, ctx) : undefined,
    withFlags && query.late ? lateCondition(ctx.now) : undefined,
    withFlags && query.action === 'required' ? actionCondition() : undefined,
    withFlags && query.action === 'overdue' ? overdueCondition(ctx.now) : undefined,
    withFlags && query.erasure ? erasureCondition() : undefined,
    // D18: flags kept with every choice change, each with its partial index (migration 0025)
    query.choice === 'awaiting_decision' ? sql`${applications.awaitingDecision}` : undefined,
    query.choice === 'offer_awaiting_reply' ? sql`${applications.offerAwaitingReply}` : undefined,
    query.q ? searchCondition(query.q) : undefined,
    withStatus && query.status ? eq(applications.status, query.status) : undefined,
    query.universityId ? eq(applications.universityId, query.universityId) : undefined,
    query.programId ? eq(applications.programId, query.programId) : undefined,
    query.level ? eq(applications.programLevel, query.level) : undefined,
    query.from ? sql`${applications.createdAt} >= ${dayStart(query.from)}` : undefined,
    query.to
      ? sql`${applications.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'Europe/London'`
      : undefined,
  ];
  return and(...conditions);
}

/*
 * With a search (or a late / action-required filter: see below), the planner cannot know how rare the words are (it guesses 2% of rows) and may
 * walk a sort index filtering row by row: 100,000 rows for a word nobody has. Sorting on an
 * expression no index matches makes it find the matches first (GIN) and sort those few.
 */
function ordering(query: QueueQuery): SQL[] {
  const dir = query.dir ?? (query.sort === 'submitted' ? 'desc' : 'asc');
  const by = dir === 'asc' ? asc : desc;
  const isSearch = Boolean(query.q);
  // Late cases and requests are a small part of the queue too (their partial indexes find them):
  // walking the name index to filter them out one by one took 15,000 rows for 25 "reviewed + late".
  // Offers awaiting a reply are few too (their partial index finds them); cases awaiting a
  // decision may be a fifth of the queue, which walking the name index meets quickly, but not
  // the status index: every choice state sits in the later statuses, which it reaches last.
  const isFewFlagged =
    isSearch ||
    Boolean(query.late || query.action || query.erasure) ||
    query.choice === 'offer_awaiting_reply';
  switch (query.sort) {
    case 'name':
      return [by(isFewFlagged ? sql`${nameKey} || ''` : nameKey), by(applications.id)];
    case 'status':
      // Within a status the longest-waiting application comes first (ascending).
      return [
        by(isFewFlagged || query.choice ? sql`${statusOrder} + 0` : statusOrder),
        by(applications.createdAt),
        by(applications.id),
      ];
    case 'submitted':
      return [
        by(
          isSearch ? sql`${applications.createdAt} + interval '0 seconds'` : applications.createdAt,
        ),
        by(applications.id),
      ];
  }
}

export function queueRowsQuery(db: Db, query: QueueQuery, ctx: QueueContext) {
  return db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      status: applications.status,
      ownerId: applications.ownerId,
      stageDueAt: applications.stageDueAt,
      requestDueOn: applications.requestDueOn,
      outcome: applications.outcome,
      erasureRequested: sql<boolean>`${applications.erasureRequestedAt} is not null`,
      programName: applications.programName,
      programLevel: applications.programLevel,
      universityName: applications.universityName,
      submittedAt: applications.createdAt,
      lastStatusUpdate: applications.lastStatusUpdate,
    })
    .from(applications)
    .where(filterConditions(query, true, ctx))
    .orderBy(...ordering(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/**
 * Counts per status under every filter except the status one. With no filter narrower than a date
 * range, five index-only counts on (status, created_at) beat one scan of the whole table that
 * groups 100,000 rows; narrower filters leave few rows, and one grouped query is quicker.
 */
export function statusCountsSql(query: QueueQuery, ctx: QueueContext): SQL {
  const where = filterConditions(query, false, ctx);
  const isBroad =
    !query.q &&
    !query.universityId &&
    !query.programId &&
    !query.level &&
    !query.owner &&
    !query.late &&
    !query.action &&
    !query.erasure &&
    !query.choice;
  if (isBroad) {
    const counts = applicationStatuses.map(
      (status) =>
        sql`(select count(*)::int from ${applications} where ${applications.status} = ${status}${where ? sql` and ${where}` : sql``}) as ${sql.identifier(status)}`,
    );
    return sql`select ${sql.join(counts, sql`, `)}`;
  }
  const perStatus = applicationStatuses.map(
    (status) =>
      sql`count(*) filter (where ${applications.status} = ${status})::int as ${sql.identifier(status)}`,
  );
  return sql`select ${sql.join(perStatus, sql`, `)} from ${applications} where ${where}`;
}

/**
 * Late, waiting-on-the-applicant and overdue cases under the other filters (status included, the
 * flags themselves not). Each count starts from its partial index; with no other filter that is
 * an index-only count of the few flagged rows.
 */
export function flagCountsSql(query: QueueQuery, ctx: QueueContext): SQL {
  const where = filterConditions(query, true, ctx, false);
  const and_ = where ? sql` and ${where}` : sql``;
  return sql`select
    (select count(*)::int from ${applications} where ${lateCondition(ctx.now)}${and_}) as late,
    (select count(*)::int from ${applications} where ${actionCondition()}${and_}) as "actionRequired",
    (select count(*)::int from ${applications} where ${overdueCondition(ctx.now)}${and_}) as overdue,
    (select count(*)::int from ${applications} where ${erasureCondition()}${and_}) as "erasureRequested"`;
}

/** What a count depends on: the filters, "my cases" as the asking consultant. */
function countKey(
  kind: string,
  query: QueueQuery,
  ctx: QueueContext,
  withStatus: boolean,
  withFlags: boolean,
): string {
  const owner = query.owner === 'me' ? ctx.userId : query.owner?.toLowerCase();
  return JSON.stringify([
    kind,
    owner,
    withFlags ? [query.late, query.action, query.erasure] : null,
    query.q,
    withStatus ? query.status : null,
    query.universityId,
    query.programId,
    query.level,
    query.from,
    query.to,
  ]);
}

async function countStatuses(
  db: Db,
  query: QueueQuery,
  ctx: QueueContext,
): Promise<Record<ApplicationStatus, number>> {
  const counted = (await db.execute(statusCountsSql(query, ctx))) as unknown as {
    rows: Record<ApplicationStatus, number>[];
  };
  const first = counted.rows[0];
  return Object.fromEntries(applicationStatuses.map((s) => [s, Number(first?.[s] ?? 0)])) as Record<
    ApplicationStatus,
    number
  >;
}

async function countFlags(db: Db, query: QueueQuery, ctx: QueueContext) {
  const flagged = (await db.execute(flagCountsSql(query, ctx))) as unknown as {
    rows: { late: number; actionRequired: number; overdue: number; erasureRequested: number }[];
  };
  const flags = flagged.rows[0];
  return {
    late: Number(flags?.late ?? 0),
    actionRequired: Number(flags?.actionRequired ?? 0),
    overdue: Number(flags?.overdue ?? 0),
    erasureRequested: Number(flags?.erasureRequested ?? 0),
  };
}

/** The page of rows, with the counts (kept a few seconds per filter: see queue-counts.ts). */
export async function findQueuePage(db: Db, query: QueueQuery, ctx: QueueContext) {
  const [rows, statusCounts, flagCounts] = await Promise.all([
    queueRowsQuery(db, query, ctx),
    cachedCount(db, countKey('status', query, ctx, false, true), () =>
      countStatuses(db, query, ctx),
    ),
    cachedCount(db, countKey('flags', query, ctx, true, false), () => countFlags(db, query, ctx)),
  ]);
  return { rows, statusCounts, flagCounts };
}
