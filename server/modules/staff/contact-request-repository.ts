import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ContactRequestStatus, ContactRequestType } from '../../../shared/staff-workflow.ts';
import type { Db } from '../../db/client.ts';
import { contactRequestEvents, partnerships, referrals } from '../../db/schema/index.ts';

export interface ContactRequestRow {
  id: string;
  name: string;
  businessName: string | null;
  country: string;
  phone: string;
  email: string;
  studentName: string | null;
  studentEmail: string | null;
  studentPhone: string | null;
  studyInterest: string | null;
  status: ContactRequestStatus;
  createdAt: Date;
}

/** Referrals and partnership requests share everything but the names: one shape for both. */
function source(type: ContactRequestType) {
  if (type === 'referral') {
    return {
      table: referrals,
      columns: {
        id: referrals.id,
        name: referrals.name,
        businessName: sql<string | null>`null`,
        country: referrals.country,
        phone: referrals.phone,
        email: referrals.email,
        studentName: referrals.studentName,
        studentEmail: referrals.studentEmail,
        studentPhone: referrals.studentPhone,
        studyInterest: referrals.studyInterest,
        status: referrals.status,
        createdAt: referrals.createdAt,
      },
      eventKey: contactRequestEvents.referralId,
    };
  }
  return {
    table: partnerships,
    columns: {
      id: partnerships.id,
      name: partnerships.contactName,
      businessName: partnerships.businessName,
      country: partnerships.country,
      phone: partnerships.phone,
      email: partnerships.email,
      studentName: sql<string | null>`null`,
      studentEmail: sql<string | null>`null`,
      studentPhone: sql<string | null>`null`,
      studyInterest: sql<string | null>`null`,
      status: partnerships.status,
      createdAt: partnerships.createdAt,
    },
    eventKey: contactRequestEvents.partnershipId,
  };
}

function toRow(row: Omit<ContactRequestRow, 'status'> & { status: string }): ContactRequestRow {
  return { ...row, status: row.status as ContactRequestStatus };
}

export async function findContactRequests(
  db: Db,
  type: ContactRequestType,
  status: ContactRequestStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ContactRequestRow[]; total: number }> {
  const { table, columns } = source(type);
  const where: SQL | undefined = status ? eq(table.status, status) : undefined;
  const rows = await db
    .select(columns)
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(table).where(where);
  return { rows: rows.map(toRow), total: counted?.n ?? 0 };
}

export async function findContactRequest(
  db: Db,
  type: ContactRequestType,
  id: string,
  forUpdate = false,
) {
  const { table, columns } = source(type);
  const query = db.select(columns).from(table).where(eq(table.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? toRow(row) : undefined;
}

export async function updateContactRequestStatus(
  db: Db,
  type: ContactRequestType,
  id: string,
  status: ContactRequestStatus,
) {
  const { table } = source(type);
  await db.update(table).set({ status }).where(eq(table.id, id));
}

export async function insertContactRequestEvent(
  db: Db,
  type: ContactRequestType,
  values: { requestId: string; status: ContactRequestStatus; note: string | null; actorId: string },
) {
  const [row] = await db
    .insert(contactRequestEvents)
    .values({
      referralId: type === 'referral' ? values.requestId : null,
      partnershipId: type === 'partnership' ? values.requestId : null,
      status: values.status,
      note: values.note,
      actorId: values.actorId,
    })
    .returning();
  return row!;
}

export function findEvents(db: Db, type: ContactRequestType, ids: string[]) {
  const { eventKey } = source(type);
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      requestId: eventKey,
      id: contactRequestEvents.id,
      status: contactRequestEvents.status,
      note: contactRequestEvents.note,
      actorId: contactRequestEvents.actorId,
      createdAt: contactRequestEvents.createdAt,
    })
    .from(contactRequestEvents)
    .where(and(isNotNull(eventKey), inArray(eventKey, ids)))
    .orderBy(asc(contactRequestEvents.createdAt), asc(contactRequestEvents.id));
}
