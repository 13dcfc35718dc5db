import { countryNames, isCountryCode } from '../../../shared/countries.ts';
import type { FastifyInstance } from 'fastify';
import type {
  ContactRequestDetail,
  ContactRequestPage,
  ContactRequestSummary,
} from '../../../shared/schemas/staff.ts';
import type { ContactRequestStatus, ContactRequestType } from '../../../shared/staff-workflow.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError, VersionConflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { findPeople } from './application-repository.ts';
import * as repo from './contact-request-repository.ts';
import { loadReferralCasework } from '../leads/referral-casework.ts';

export const contactRequestPageSize = 25;

const notFound = (type: ContactRequestType) =>
  new NotFoundError(
    'CONTACT_REQUEST_NOT_FOUND',
    type === 'referral' ? 'Referral not found.' : 'Partnership request not found.',
  );

type Event = Awaited<ReturnType<typeof repo.findEvents>>[number];

function summarise(
  type: ContactRequestType,
  row: repo.ContactRequestRow,
  events: Event[],
  names: Map<string, string>,
): ContactRequestSummary {
  const last = events.filter((e) => e.requestId === row.id).at(-1);
  return {
    id: row.id,
    type,
    name: row.name,
    businessName: row.businessName,
    country: row.country,
    countryName: isCountryCode(row.country) ? countryNames[row.country] : row.country,
    student: row.studentName
      ? {
          name: row.studentName,
          email: row.studentEmail,
          phone: row.studentPhone,
          studyInterest: row.studyInterest,
        }
      : null,
    phone: row.phone,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    handledAt: last ? last.createdAt.toISOString() : null,
    handledBy: last?.actorId
      ? { id: last.actorId, name: names.get(last.actorId) ?? 'Former staff member' }
      : null,
  };
}

export async function listContactRequests(
  db: Db,
  type: ContactRequestType,
  query: { status?: ContactRequestStatus; page: number },
): Promise<ContactRequestPage> {
  const { rows, total } = await repo.findContactRequests(
    db,
    type,
    query.status,
    contactRequestPageSize,
    (query.page - 1) * contactRequestPageSize,
  );
  const events = await repo.findEvents(
    db,
    type,
    rows.map((r) => r.id),
  );
  const names = await findPeople(
    db,
    events.map((e) => e.actorId),
  );
  return {
    items: rows.map((row) => summarise(type, row, events, names)),
    page: query.page,
    pageSize: contactRequestPageSize,
    total,
  };
}

export async function getContactRequest(
  db: Db,
  type: ContactRequestType,
  id: string,
): Promise<ContactRequestDetail> {
  const row = await repo.findContactRequest(db, type, id);
  if (!row) throw notFound(type);
  const events = await repo.findEvents(db, type, [id]);
  const names = await findPeople(
    db,
    events.map((e) => e.actorId),
  );
  return {
    ...summarise(type, row, events, names),
    casework: type === 'referral' ? await loadReferralCasework(db, id) : null,
    history: events.map((e) => ({
      id: e.id,
      status: e.status,
      note: e.note,
      at: e.createdAt.toISOString(),
      by: e.actorId ? { id: e.actorId, name: names.get(e.actorId) ?? 'Former staff member' } : null,
    })),
  };
}

/**
 * Marks a request contacted or closed, saying who and when; the same mark twice changes nothing.
 * A mark made from a stale page (the status it saw has changed since) is a 409 with the request as
 * it is now.
 */
export async function markContactRequest(
  app: FastifyInstance,
  actor: SessionUser,
  type: ContactRequestType,
  id: string,
  input: { status: 'contacted' | 'closed'; from: ContactRequestStatus; note?: string },
): Promise<ContactRequestDetail> {
  const stale = await app.db.transaction(async (tx) => {
    const row = await repo.findContactRequest(tx, type, id, true);
    if (!row) throw notFound(type);
    if (row.status === input.status) return false;
    if (row.status !== input.from) return true;
    await repo.updateContactRequestStatus(tx, type, id, input.status);
    await repo.insertContactRequestEvent(tx, type, {
      requestId: id,
      status: input.status,
      note: input.note ?? null,
      actorId: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'contact_request.updated',
      subjectType: type,
      subjectId: id,
      details: { from: row.status, to: input.status },
    });
    return false;
  });
  const current = await getContactRequest(app.db, type, id);
  if (stale) throw new VersionConflict('CONTACT_REQUEST_CHANGED_MEANWHILE', current);
  return current;
}
