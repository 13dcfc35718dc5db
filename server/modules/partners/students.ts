import { stringify } from 'csv-stringify/sync';
import {
  choiceState,
  type ChoiceDecision,
  type ChoiceReply,
} from '../../../shared/application-choices.ts';
import type {
  PartnerApplicationView,
  PartnerApplicationsQuery,
  TrackPartnerView,
} from '../../../shared/schemas/partners.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { partnerApplicationNotFound } from './errors.ts';
import * as repo from './repository.ts';

/** The dashboard and the CSV stop here; a partner with more narrows the list with a filter. */
export const partnerListLimit = 1000;

type ChoiceRow = Awaited<ReturnType<typeof repo.findChoicesOf>>[number];

function toView(row: repo.PartnerApplicationRow, choices: ChoiceRow[]): PartnerApplicationView {
  return {
    id: row.id,
    studentName: row.studentName,
    status: row.status,
    programName: row.programName,
    universityName: row.universityName,
    choices: choices
      .filter((c) => c.applicationId === row.id)
      .map((c) => ({
        universityName: c.universityName,
        programName: c.programName,
        state: choiceState({ sentOn: c.sentOn, decision: c.decision as ChoiceDecision | null }),
        reply: c.reply as ChoiceReply | null,
      })),
    submittedAt: row.createdAt.toISOString(),
    lastStatusUpdate: row.lastStatusUpdate.toISOString(),
    outcome: row.outcome ?? null,
  };
}

async function withChoices(db: Db, rows: repo.PartnerApplicationRow[]) {
  const choices = await repo.findChoicesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toView(row, choices));
}

/** Every partner read is audited (D20): who read which students' records, and how. */
async function auditRead(
  db: Db,
  actor: SessionUser,
  partnerId: string,
  action:
    'partner.applications_listed' | 'partner.application_viewed' | 'partner.applications_exported',
  details: Record<string, unknown>,
) {
  await recordAudit(db, {
    actorId: actor.id,
    action,
    subjectType: 'partner',
    subjectId: partnerId,
    details,
  });
}

export async function listPartnerApplications(
  db: Db,
  actor: SessionUser,
  partnerId: string,
  query: PartnerApplicationsQuery,
): Promise<PartnerApplicationView[]> {
  const rows = await repo.findPartnerApplications(db, partnerId, query, partnerListLimit);
  await auditRead(db, actor, partnerId, 'partner.applications_listed', {
    filter: query,
    applicationIds: rows.map((r) => r.id),
  });
  return withChoices(db, rows);
}

export async function getPartnerApplication(
  db: Db,
  actor: SessionUser,
  partnerId: string,
  id: string,
): Promise<PartnerApplicationView> {
  const row = await repo.findPartnerApplication(db, partnerId, id);
  if (!row) throw partnerApplicationNotFound();
  await auditRead(db, actor, partnerId, 'partner.application_viewed', { applicationId: id });
  const [view] = await withChoices(db, [row]);
  return view!;
}

const csvColumns = [
  'Application',
  'Student',
  'Status',
  'Closed',
  'Program',
  'University',
  'Choices',
  'Submitted',
  'Last update',
];

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (as the catalogue's CSV). */
const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export async function partnerApplicationsCsv(
  db: Db,
  actor: SessionUser,
  partnerId: string,
  query: PartnerApplicationsQuery,
): Promise<string> {
  const rows = await repo.findPartnerApplications(db, partnerId, query, partnerListLimit);
  await auditRead(db, actor, partnerId, 'partner.applications_exported', {
    filter: query,
    applicationIds: rows.map((r) => r.id),
  });
  const views = await withChoices(db, rows);
  const lines = views.map((v) =>
    [
      v.id,
      v.studentName,
      v.status,
      v.outcome ?? '',
      v.programName,
      v.universityName,
      v.choices
        .map((c) => `${c.universityName}: ${c.state}${c.reply ? ` (${c.reply})` : ''}`)
        .join('; '),
      v.submittedAt,
      v.lastStatusUpdate,
    ].map(safeCell),
  );
  return stringify([csvColumns, ...lines], { bom: true, record_delimiter: '\r\n' });
}

/** The track page: the partner following this application, if any (the student's own view). */
export async function trackPartner(db: Db, applicationId: string): Promise<TrackPartnerView> {
  const row = await repo.findFollowingPartner(db, applicationId);
  if (!row?.partnerId || !row.name) return { partner: null, stoppedAt: null };
  return { partner: { name: row.name }, stoppedAt: row.stoppedAt?.toISOString() ?? null };
}

/** The student stops the partner following the application: the consent's end is recorded and audited. */
export async function stopPartnerFollowing(
  db: Db,
  application: { id: string; userId: string | null },
  actorId: string | null,
): Promise<TrackPartnerView> {
  await db.transaction(async (tx) => {
    const stopped = await repo.stopFollowing(tx, application.id, new Date());
    if (!stopped?.partnerId) return;
    await recordAudit(tx, {
      actorId,
      action: 'partner.consent_stopped',
      subjectType: 'application',
      subjectId: application.id,
      details: { partnerId: stopped.partnerId },
    });
    await publishApplicationChange(tx, application.id, application.userId);
  });
  return trackPartner(db, application.id);
}
