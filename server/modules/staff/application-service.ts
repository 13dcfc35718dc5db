import type { FastifyInstance } from 'fastify';
import type {
  StaffApplicationDetail,
  StaffPerson,
  StatusChangeInput,
} from '../../../shared/schemas/staff.ts';
import { documentLabel } from '../../../shared/schemas/application.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { changeStatus } from '../applications/index.ts';
import {
  currentDocuments,
  findApplicationRecord,
  findApplicationRow,
  type ApplicationRecord,
} from '../applications/repository.ts';
import {
  consentOf,
  documentUrl,
  documentVersionUrl,
  maskedPassport,
  selectedUniversities,
} from '../applications/views.ts';
import { recordAudit } from '../audit/service.ts';
import { toChoiceViews } from '../choices/views.ts';
import {
  toApplicantRequest,
  toCaseworkView,
  toConversationMessage,
  unreadCount,
} from '../casework/views.ts';
import { erasureDay } from '../personal-data/erasure-plan.ts';
import { findNotes, findPeople, insertNote } from './application-repository.ts';
import { programs } from '../../db/schema/catalogue.ts';
import { eq } from 'drizzle-orm';

/** The program's IELTS requirement, overall and for each part; null when it left the catalogue. */
async function findEnglishRequirement(db: Db, programId: string) {
  const [row] = await db
    .select({ overall: programs.ieltsOverall, part: programs.ieltsMinComponent })
    .from(programs)
    .where(eq(programs.id, programId));
  return row ?? null;
}

function person(names: Map<string, string>, id: string | null): StaffPerson | null {
  return id ? { id, name: names.get(id) ?? 'Former staff member' } : null;
}

/**
 * Everything staff see on one application: every field in full, documents, history with who,
 * notes, and an erasure request (kept this many months after the case closes: `retentionMonths`).
 */
export async function getStaffApplication(
  db: Db,
  id: string,
  retentionMonths: number,
): Promise<StaffApplicationDetail> {
  const record = await findApplicationRecord(db, id);
  if (!record) throw applicationNotFound();
  return staffApplicationDetail(db, record, retentionMonths);
}

async function staffApplicationDetail(
  db: Db,
  record: ApplicationRecord,
  retentionMonths: number,
): Promise<StaffApplicationDetail> {
  const id = record.id;
  const notes = await findNotes(db, id);
  const names = await findPeople(db, [
    ...record.events.map((e) => e.actorId),
    ...notes.map((n) => n.authorId),
    ...record.documents.map((d) => d.reviewedBy),
    record.ownerId,
    ...record.casework.requests.map((r) => r.createdBy),
    ...record.choices.flatMap((c) => c.events.map((e) => e.actorId)),
  ]);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const applicantView = toCaseworkView(record);
  return {
    application: {
      id: record.id,
      userId: record.userId,
      fullName: record.fullName,
      dateOfBirth: record.dateOfBirth,
      email: record.email,
      phone: record.phone,
      // masked: the full number is one audited request away (revealPassport)
      passportNumber: maskedPassport(record.passportHint),
      nationality: record.nationality,
      residencyCountry: record.residencyCountry,
      englishLevel: record.englishLevel,
      hasCertification: record.hasCertification,
      plannedTestDate: record.plannedTestDate,
      status: record.status,
      programId: record.programId,
      programName: record.programName,
      programLevel: record.programLevel,
      universityId: record.universityId,
      universityName: record.universityName,
      selectedUniversities: selectedUniversities(record),
      submittedAt: record.createdAt.toISOString(),
      lastStatusUpdate: record.lastStatusUpdate.toISOString(),
      details: record.details,
      consent: consentOf(record),
      englishRequirement: await findEnglishRequirement(db, record.programId),
    },
    choices: toChoiceViews(record.id, record.choices, record.outcome === null, names),
    documents: currentDocuments(record.documents).map((d) => ({
      id: d.id,
      key: d.key,
      label: documentLabel(d.key),
      originalName: d.originalName,
      contentType: d.contentType,
      size: d.size,
      part: d.part,
      url: d.part === 1 ? documentUrl(record.id, d.key) : documentVersionUrl(record.id, d.id),
      version: d.version,
      state: d.state,
      rejectionReason: d.rejectionReason,
      reviewVersion: d.reviewVersion,
      versions: record.documents
        .filter((v) => v.key === d.key && v.part === d.part)
        .sort((a, b) => b.version - a.version)
        .map((v) => ({
          id: v.id,
          version: v.version,
          originalName: v.originalName,
          contentType: v.contentType,
          size: v.size,
          uploadedAt: v.createdAt.toISOString(),
          state: v.state,
          rejectionReason: v.rejectionReason,
          reviewedAt: v.reviewedAt?.toISOString() ?? null,
          reviewedBy: person(names, v.reviewedBy),
          url: documentVersionUrl(record.id, v.id),
        })),
    })),
    history: record.events.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      status: e.status,
      note: e.note,
      at: e.createdAt.toISOString(),
      by: person(names, e.actorId),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      at: n.createdAt.toISOString(),
      by: person(names, n.authorId),
    })),
    casework: {
      owner: person(names, record.ownerId),
      stageDueAt: record.stageDueAt?.toISOString() ?? null,
      late: record.stageDueAt !== null && record.stageDueAt < now,
      requests: record.casework.requests.map((r) => ({
        ...toApplicantRequest(r),
        overdue: r.closedAt === null && r.dueOn < today,
        by: person(names, r.createdBy),
      })),
      messages: record.casework.messages.map((m) => toConversationMessage(record.id, m, 'team')),
      unreadMessages: unreadCount(record.casework.messages, false, record.teamReadAt),
      outcome: applicantView.outcome,
      afterOffer: applicantView.afterOffer,
      erasureRequest: record.erasureRequestedAt
        ? {
            requestedAt: record.erasureRequestedAt.toISOString(),
            via: record.erasureRequestedVia ?? 'account',
            retentionMonths,
            erasedOn: erasureDay(record, retentionMonths)?.toISOString().slice(0, 10) ?? null,
          }
        : null,
    },
  };
}

/**
 * One status step by a consultant: changeStatus (apps) checks the move, writes the status and its
 * history entry, tells the track page and dashboard, and e-mails the applicant; the audit entry
 * goes into the same transaction. A replay of a change that already happened answers with the
 * record as it is.
 */
export async function changeApplicationStatus(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  input: StatusChangeInput,
): Promise<{ detail: StaffApplicationDetail; replayed: boolean }> {
  const { record, replayed } = await changeStatus(app, {
    applicationId: id,
    to: input.to,
    note: input.note ?? null,
    actorId: actor.id,
    expectedFrom: input.from,
    byHand: true,
    inTransaction: (tx, move) =>
      recordAudit(tx, {
        actorId: actor.id,
        action: 'application.status_changed',
        subjectType: 'application',
        subjectId: id,
        details: { from: move.from, to: move.to, ...(input.note ? { note: input.note } : {}) },
      }),
  });
  return {
    detail: await staffApplicationDetail(app.db, record, app.config.retention.caseMonths),
    replayed,
  };
}

export async function addNote(db: Db, actor: SessionUser, applicationId: string, body: string) {
  if (!(await findApplicationRow(db, applicationId))) throw applicationNotFound();
  const note = await insertNote(db, { applicationId, authorId: actor.id, body });
  return {
    id: note.id,
    body: note.body,
    at: note.createdAt.toISOString(),
    by: { id: actor.id, name: actor.name.trim() || actor.email },
  };
}
