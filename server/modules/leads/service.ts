import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LeadKind } from '../../../shared/leads.ts';
import type {
  LeadPage,
  LeadQuery,
  LeadUpdateInput,
  LeadView,
} from '../../../shared/schemas/leads.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError, VersionConflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { findPeople } from '../staff/application-repository.ts';
import * as repo from './repository.ts';

export const leadPageSize = 25;

/** Today in the UK (the follow-up dates are the team's calendar days). */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

function view(row: repo.LeadRow, names: Map<string, string>): LeadView {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    email: row.email,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    owner: row.ownerId
      ? { id: row.ownerId, name: names.get(row.ownerId) ?? 'Former staff member' }
      : null,
    stage: row.stage,
    closedReason: row.closedReason,
    followUpOn: row.followUpOn,
    version: row.version,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export async function listLeads(db: Db, user: SessionUser, query: LeadQuery): Promise<LeadPage> {
  const { rows, total } = await repo.findLeads(
    db,
    {
      kind: query.kind,
      stage: query.stage,
      owner: query.owner === 'me' ? user.id : query.owner === 'none' ? null : query.owner,
      dueBy: query.due ? londonToday() : undefined,
    },
    leadPageSize,
    (query.page - 1) * leadPageSize,
  );
  const names = await findPeople(
    db,
    rows.map((r) => r.ownerId),
  );
  return {
    items: rows.map((r) => view(r, names)),
    page: query.page,
    pageSize: leadPageSize,
    total,
  };
}

export async function getLead(db: Db, kind: LeadKind, id: string): Promise<LeadView> {
  const row = await repo.findLead(db, kind, id);
  if (!row) throw new NotFoundError('LEAD_NOT_FOUND');
  return view(row, await findPeople(db, [row.ownerId]));
}

export async function updateLead(
  app: FastifyInstance,
  actor: SessionUser,
  kind: LeadKind,
  id: string,
  input: LeadUpdateInput,
): Promise<LeadView> {
  const saved = await app.db.transaction(async (tx) => {
    const before = await repo.findLead(tx, kind, id);
    if (!before) throw new NotFoundError('LEAD_NOT_FOUND');
    if (input.ownerId) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.ownerId), inArray(users.role, [...caseworkRoles])));
      if (!owner) throw new ValidationError({ ownerId: 'LEAD_OWNER_NOT_STAFF' });
    }
    const ok = await repo.saveLead(tx, kind, id, input.version, {
      ownerId: input.ownerId,
      stage: input.stage,
      closedReason: input.closedReason,
      followUpOn: input.followUpOn,
      updatedBy: actor.id,
    });
    if (!ok) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.updated',
      subjectType: kind,
      subjectId: id,
      details: {
        stage: [before.stage, input.stage],
        owner: [before.ownerId, input.ownerId],
        followUpOn: [before.followUpOn, input.followUpOn],
      },
    });
    return true;
  });
  const current = await getLead(app.db, kind, id);
  // a save from an older version: 409 with the lead as it is now (the page shows it)
  if (!saved) throw new VersionConflict('LEAD_CHANGED_MEANWHILE', current);
  return current;
}
