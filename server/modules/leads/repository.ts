import { and, eq, sql, type SQL } from 'drizzle-orm';
import { leadStages, type LeadKind, type LeadStage } from '../../../shared/leads.ts';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema/index.ts';

/** The column of `leads` that points at a lead of this kind. */
export const sourceColumn = (kind: LeadKind) =>
  ({
    referral: leads.referralId,
    partnership: leads.partnershipId,
    booking: leads.bookingId,
    guidance: leads.savedGuidanceId,
  })[kind];

const stageOrder = sql.raw(`array[${leadStages.map((s) => `'${s}'`).join(', ')}]::text[]`);

/**
 * Moves a lead forward to `stage` (new → contacted → applied) when something happens to it (an
 * invitation sent, an application made); never backwards, never out of "closed". Bumps the version,
 * so a console page holding the old one is told it changed.
 */
export async function advanceLead(
  tx: Db,
  kind: LeadKind,
  sourceId: string,
  stage: Exclude<LeadStage, 'new' | 'closed'>,
  actorId: string | null,
) {
  const column = sourceColumn(kind);
  await tx
    .insert(leads)
    .values({ kind, [keyOf(kind)]: sourceId, stage, updatedBy: actorId })
    .onConflictDoUpdate({
      target: column,
      set: {
        stage,
        version: sql`${leads.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actorId,
      },
      setWhere: sql`array_position(${stageOrder}, ${leads.stage}) < array_position(${stageOrder}, ${stage}::text) and ${leads.stage} <> 'closed'`,
    });
}

export function keyOf(kind: LeadKind) {
  return (
    {
      referral: 'referralId',
      partnership: 'partnershipId',
      booking: 'bookingId',
      guidance: 'savedGuidanceId',
    } as const
  )[kind];
}

export interface LeadRow {
  kind: LeadKind;
  id: string;
  name: string;
  email: string | null;
  detail: string | null;
  createdAt: Date;
  ownerId: string | null;
  stage: LeadStage;
  closedReason: string | null;
  followUpOn: string | null;
  version: number;
  updatedAt: Date | null;
}

/** Every lead of the four kinds with the team's side of it (none yet: new, unowned, version 0). */
const allLeads = sql`
  select 'referral' as kind, r.id, coalesce(r.student_name, r.name) as name,
         coalesce(r.student_email, r.email) as email, r.study_interest as detail, r.created_at,
         l.owner_id, l.stage, l.closed_reason, l.follow_up_on, l.version, l.updated_at
    from referrals r left join leads l on l.referral_id = r.id
  union all
  select 'partnership', p.id, p.contact_name, p.email, p.business_name, p.created_at,
         l.owner_id, l.stage, l.closed_reason, l.follow_up_on, l.version, l.updated_at
    from partnerships p left join leads l on l.partnership_id = p.id
  union all
  select 'booking', b.id, b.name, b.email, b.topic, b.created_at,
         l.owner_id, l.stage, l.closed_reason, l.follow_up_on, l.version, l.updated_at
    from bookings b left join leads l on l.booking_id = b.id
  union all
  select 'guidance', g.id, u.name, u.email, nullif(g.profile->>'subjects', ''), g.created_at,
         l.owner_id, l.stage, l.closed_reason, l.follow_up_on, l.version, l.updated_at
    from saved_guidance g join users u on u.id = g.user_id
    left join leads l on l.saved_guidance_id = g.id`;

const columns = sql`x.kind, x.id, x.name, x.email, x.detail, x.created_at, x.owner_id, x.stage,
  x.closed_reason, x.follow_up_on::text as follow_up_on, x.version, x.updated_at`;

type RawLead = {
  kind: LeadKind;
  id: string;
  name: string;
  email: string | null;
  detail: string | null;
  created_at: string | Date;
  owner_id: string | null;
  stage: LeadStage | null;
  closed_reason: string | null;
  follow_up_on: string | Date | null;
  version: number | null;
  updated_at: string | Date | null;
  total?: number | string;
};

const day = (v: string | Date | null) =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

function toRow(r: RawLead): LeadRow {
  return {
    kind: r.kind,
    id: r.id,
    name: r.name,
    email: r.email,
    detail: r.detail,
    createdAt: new Date(r.created_at),
    ownerId: r.owner_id,
    stage: r.stage ?? 'new',
    closedReason: r.closed_reason,
    followUpOn: day(r.follow_up_on),
    version: r.version ?? 0,
    updatedAt: r.updated_at === null ? null : new Date(r.updated_at),
  };
}

export interface LeadFilter {
  kind?: LeadKind;
  stage?: LeadStage;
  /** A staff id, or null: unowned. */
  owner?: string | null;
  /** Follow-up on or before this day, open leads only. */
  dueBy?: string;
}

function where(filter: LeadFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.kind) parts.push(sql`x.kind = ${filter.kind}`);
  if (filter.stage) parts.push(sql`coalesce(x.stage, 'new') = ${filter.stage}`);
  if (filter.owner === null) parts.push(sql`x.owner_id is null`);
  else if (filter.owner) parts.push(sql`x.owner_id = ${filter.owner}`);
  if (filter.dueBy)
    parts.push(
      sql`x.follow_up_on <= ${filter.dueBy}::date and coalesce(x.stage, 'new') <> 'closed'`,
    );
  return sql.join(parts, sql` and `);
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export async function findLeads(
  db: Db,
  filter: LeadFilter,
  limit: number,
  offset: number,
): Promise<{ rows: LeadRow[]; total: number }> {
  const result = await db.execute(sql`
    select ${columns}, count(*) over () as total from (${allLeads}) x
    where ${where(filter)}
    order by x.follow_up_on asc nulls last, x.created_at desc, x.id
    limit ${limit} offset ${offset}`);
  const raw = rowsOf<RawLead>(result);
  return { rows: raw.map(toRow), total: Number(raw[0]?.total ?? 0) };
}

export async function findLead(db: Db, kind: LeadKind, id: string): Promise<LeadRow | undefined> {
  const result = await db.execute(
    sql`select ${columns} from (${allLeads}) x where x.kind = ${kind} and x.id = ${id}`,
  );
  const [raw] = rowsOf<RawLead>(result);
  return raw ? toRow(raw) : undefined;
}

/**
 * Saves the team's side of a lead if it is still at `version` (0: never saved). Answers false when
 * someone saved it meanwhile (the caller answers 409 with the current lead).
 */
export async function saveLead(
  tx: Db,
  kind: LeadKind,
  id: string,
  version: number,
  values: {
    ownerId: string | null;
    stage: LeadStage;
    closedReason: string | null;
    followUpOn: string | null;
    updatedBy: string;
  },
): Promise<boolean> {
  if (version === 0) {
    const inserted = await tx
      .insert(leads)
      .values({ kind, [keyOf(kind)]: id, ...values, version: 1 })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    return inserted.length === 1;
  }
  const updated = await tx
    .update(leads)
    .set({ ...values, version: sql`${leads.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sourceColumn(kind), id), eq(leads.version, version)))
    .returning({ id: leads.id });
  return updated.length === 1;
}
