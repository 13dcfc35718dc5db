import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  commissionAmounts,
  type CommissionLineQuery,
  type CommissionLineUpdate,
  type CommissionLineView,
  type CommissionRateInput,
  type CommissionRateView,
  type PartnerCommissionView,
} from '../../../shared/schemas/partners.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import {
  applicationChoices,
  applications,
  commissionLines,
  commissionRates,
  partnerOrganisations,
  programs,
  universities,
} from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { commissionLineChanged, commissionLineNotFound, commissionRateChanged } from './errors.ts';

/* ----- rates ----- */

export async function listRates(db: Db): Promise<CommissionRateView[]> {
  const rows = await db
    .select({ rate: commissionRates, universityName: universities.name })
    .from(commissionRates)
    .innerJoin(universities, eq(universities.id, commissionRates.universityId))
    .orderBy(asc(universities.name));
  return rows.map(({ rate, universityName }) => ({
    universityId: rate.universityId,
    universityName,
    kind: rate.kind,
    rateBp: rate.rateBp,
    fixedPence: rate.fixedPence,
    version: rate.version,
    updatedAt: rate.updatedAt.toISOString(),
  }));
}

/** Sets a university's terms; `version` null creates them, a version that is not the current one is 409. */
export async function setRate(
  db: Db,
  actor: SessionUser,
  universityId: string,
  input: CommissionRateInput,
): Promise<CommissionRateView> {
  await db.transaction(async (tx) => {
    const [university] = await tx
      .select({ id: universities.id })
      .from(universities)
      .where(eq(universities.id, universityId));
    if (!university) throw new NotFoundError('UNIVERSITY_NOT_FOUND');
    const [current] = await tx
      .select()
      .from(commissionRates)
      .where(eq(commissionRates.universityId, universityId))
      .for('update');
    if ((current?.version ?? null) !== input.version) throw commissionRateChanged();
    const terms = {
      kind: input.kind,
      rateBp: input.kind === 'percent' ? input.rateBp : null,
      fixedPence: input.kind === 'fixed' ? input.fixedPence : null,
    };
    if (current) {
      await tx
        .update(commissionRates)
        .set({ ...terms, version: current.version + 1, updatedBy: actor.id, updatedAt: new Date() })
        .where(eq(commissionRates.universityId, universityId));
    } else {
      await tx.insert(commissionRates).values({ universityId, ...terms, updatedBy: actor.id });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'commission.rate_changed',
      subjectType: 'university',
      subjectId: universityId,
      details: {
        from: current
          ? { kind: current.kind, rateBp: current.rateBp, fixedPence: current.fixedPence }
          : null,
        to: terms,
      },
    });
  });
  return (await listRates(db)).find((r) => r.universityId === universityId)!;
}

export async function currentRate(db: Db, universityId: string) {
  return (await listRates(db)).find((r) => r.universityId === universityId) ?? null;
}

/* ----- lines ----- */

/**
 * When an application's headline becomes accepted (its firm offer unconditional, D18), in that
 * change's transaction: one commission line, with the terms of the firm choice's university then in
 * force and the source partner's share. No terms for that university: no line (an admin adds the
 * terms, and the line comes with the next acceptance). Accepted twice (a correction back and
 * forth): the first line stays.
 */
export async function createCommissionLine(tx: Db, applicationId: string): Promise<void> {
  const [application] = await tx
    .select({
      id: applications.id,
      programId: applications.programId,
      universityId: applications.universityId,
      partnerId: applications.sourcePartnerId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!application) return;
  const [firm] = await tx
    .select()
    .from(applicationChoices)
    .where(
      and(
        eq(applicationChoices.applicationId, applicationId),
        eq(applicationChoices.reply, 'firm'),
      ),
    );
  const universityId = firm?.universityId ?? application.universityId;
  const programId =
    firm?.programId ?? (universityId === application.universityId ? application.programId : null);
  const [terms] = await tx
    .select({ rate: commissionRates, universityName: universities.name })
    .from(commissionRates)
    .innerJoin(universities, eq(universities.id, commissionRates.universityId))
    .where(eq(commissionRates.universityId, universityId));
  if (!terms) return;
  const [program] = programId
    ? await tx
        .select({ name: programs.name, tuitionGbp: programs.tuitionGbp, intakes: programs.intakes })
        .from(programs)
        .where(eq(programs.id, programId))
    : [];
  const [partner] = application.partnerId
    ? await tx
        .select({ shareBp: partnerOrganisations.shareBp })
        .from(partnerOrganisations)
        .where(eq(partnerOrganisations.id, application.partnerId))
    : [];
  const tuitionPence = (program?.tuitionGbp ?? 0) * 100;
  const shareBp = partner?.shareBp ?? 0;
  const amounts = commissionAmounts(tuitionPence, terms.rate, shareBp);
  const inserted = await tx
    .insert(commissionLines)
    .values({
      applicationId,
      partnerId: application.partnerId,
      universityId,
      universityName: firm?.universityName ?? terms.universityName,
      programName: firm?.programName ?? program?.name ?? null,
      intake: program?.intakes[0]?.month ?? null,
      tuitionPence,
      rateKind: terms.rate.kind,
      rateBp: terms.rate.rateBp,
      fixedPence: terms.rate.fixedPence,
      shareBp,
      ...amounts,
    })
    .onConflictDoNothing()
    .returning({ id: commissionLines.id });
  if (inserted[0]) {
    await recordAudit(tx, {
      actorId: null,
      action: 'commission.line_created',
      subjectType: 'commission',
      subjectId: inserted[0].id,
      details: { applicationId, universityId, tuitionPence, ...amounts, shareBp },
    });
  }
}

const lineColumns = {
  line: commissionLines,
  partnerName: partnerOrganisations.name,
  studentName: applications.fullName,
};

function lineQuery(db: Db) {
  return db
    .select(lineColumns)
    .from(commissionLines)
    .leftJoin(partnerOrganisations, eq(partnerOrganisations.id, commissionLines.partnerId))
    .leftJoin(applications, eq(applications.id, commissionLines.applicationId));
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number];

function toLineView({ line, partnerName, studentName }: LineRow): CommissionLineView {
  return {
    id: line.id,
    applicationId: line.applicationId,
    partner: line.partnerId && partnerName ? { id: line.partnerId, name: partnerName } : null,
    studentName,
    universityId: line.universityId,
    universityName: line.universityName,
    programName: line.programName,
    intake: line.intake,
    tuitionPence: line.tuitionPence,
    rate: { kind: line.rateKind, rateBp: line.rateBp, fixedPence: line.fixedPence },
    shareBp: line.shareBp,
    agencyPence: line.agencyPence,
    partnerPence: line.partnerPence,
    status: line.status,
    invoicedOn: line.invoicedOn,
    paidOn: line.paidOn,
    cancelledOn: line.cancelledOn,
    createdAt: line.createdAt.toISOString(),
    version: line.version,
  };
}

export async function listLines(
  db: Db,
  filter: CommissionLineQuery = {},
): Promise<CommissionLineView[]> {
  const rows = await lineQuery(db)
    .where(
      and(
        filter.status ? eq(commissionLines.status, filter.status) : undefined,
        filter.partnerId === 'none'
          ? isNull(commissionLines.partnerId)
          : filter.partnerId
            ? eq(commissionLines.partnerId, filter.partnerId.toLowerCase())
            : undefined,
        filter.universityId ? eq(commissionLines.universityId, filter.universityId) : undefined,
      ),
    )
    .orderBy(desc(commissionLines.createdAt))
    .limit(5000);
  return rows.map(toLineView);
}

export async function getLine(db: Db, id: string): Promise<CommissionLineView> {
  const [row] = await lineQuery(db).where(eq(commissionLines.id, id));
  if (!row) throw commissionLineNotFound();
  return toLineView(row);
}

export function toPartnerView(line: CommissionLineView): PartnerCommissionView {
  return {
    id: line.id,
    applicationId: line.applicationId,
    studentName: line.studentName,
    universityName: line.universityName,
    programName: line.programName,
    intake: line.intake,
    partnerPence: line.partnerPence,
    status: line.status,
    paidOn: line.paidOn,
    createdAt: line.createdAt,
  };
}

/** A partner's lines: its share only (the agency's terms and amount are the agency's business). */
export async function listPartnerLines(
  db: Db,
  actor: SessionUser,
  partnerId: string,
): Promise<PartnerCommissionView[]> {
  const rows = await lineQuery(db)
    .where(eq(commissionLines.partnerId, partnerId))
    .orderBy(desc(commissionLines.createdAt))
    .limit(5000);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'partner.commission_listed',
    subjectType: 'partner',
    subjectId: partnerId,
    details: { lines: rows.length },
  });
  return rows.map((r) => toPartnerView(toLineView(r)));
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * An admin moves a line on (invoiced, paid, cancelled; each with its date, today unless given) or
 * corrects its tuition or intake: the amounts follow a new tuition with the line's own terms.
 */
export async function updateLine(
  db: Db,
  actor: SessionUser,
  id: string,
  input: CommissionLineUpdate,
): Promise<CommissionLineView> {
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(commissionLines)
      .where(eq(commissionLines.id, id))
      .for('update');
    if (!line) throw commissionLineNotFound();
    if (line.version !== input.version) throw commissionLineChanged();
    const patch: Partial<typeof commissionLines.$inferInsert> = {};
    if (input.tuitionPence !== undefined && input.tuitionPence !== line.tuitionPence) {
      patch.tuitionPence = input.tuitionPence;
      Object.assign(
        patch,
        commissionAmounts(
          input.tuitionPence,
          { kind: line.rateKind, rateBp: line.rateBp, fixedPence: line.fixedPence },
          line.shareBp,
        ),
      );
    }
    if (input.intake !== undefined) patch.intake = input.intake;
    if (input.status && input.status !== line.status) {
      patch.status = input.status;
      const on = input.on ?? today();
      if (input.status === 'invoiced') patch.invoicedOn = on;
      if (input.status === 'paid') patch.paidOn = on;
      if (input.status === 'cancelled') patch.cancelledOn = on;
    }
    await tx
      .update(commissionLines)
      .set({ ...patch, version: line.version + 1, updatedAt: new Date() })
      .where(eq(commissionLines.id, id));
    const from: Record<string, unknown> = {};
    for (const key of Object.keys(patch)) from[key] = line[key as keyof typeof line];
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'commission.line_changed',
      subjectType: 'commission',
      subjectId: id,
      details: { from, to: patch },
    });
  });
  return getLine(db, id);
}

const csvHeader = [
  'Line',
  'Application',
  'Student',
  'Partner',
  'University',
  'Program',
  'Intake',
  'Tuition (pence)',
  'Rate kind',
  'Rate (basis points)',
  'Fixed (pence)',
  'Agency amount (pence)',
  'Partner share (basis points)',
  'Partner amount (pence)',
  'Status',
  'Created',
  'Invoiced',
  'Paid',
  'Cancelled',
];

const safeCell = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value;

export function linesCsv(lines: CommissionLineView[]): string {
  const rows = lines.map((l) =>
    [
      l.id,
      l.applicationId ?? '',
      l.studentName ?? '',
      l.partner?.name ?? '',
      l.universityName,
      l.programName ?? '',
      l.intake ?? '',
      String(l.tuitionPence),
      l.rate.kind,
      l.rate.rateBp === null ? '' : String(l.rate.rateBp),
      l.rate.fixedPence === null ? '' : String(l.rate.fixedPence),
      String(l.agencyPence),
      String(l.shareBp),
      String(l.partnerPence),
      l.status,
      l.createdAt,
      l.invoicedOn ?? '',
      l.paidOn ?? '',
      l.cancelledOn ?? '',
    ].map(safeCell),
  );
  return stringify([csvHeader, ...rows], { bom: true, record_delimiter: '\r\n' });
}
