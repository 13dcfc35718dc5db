import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type CategoryChange,
  type CostFigureValues,
  type ProgramValues,
  type StaffCategory,
  type StaffCostFigure,
  type StaffProgram,
  type StaffProgramPage,
  type StaffUniversity,
  type UniversityValues,
} from '../../../shared/schemas/catalogue-admin.ts';
import { figureOn } from '../../../shared/cost-of-study.ts';
import type { SessionUser } from '../../auth/session.ts';
import { AppError, NotFoundError, ValidationError, VersionConflict } from '../../lib/errors.ts';
import { recordAudit, type AuditRecord, type DbOrTx } from '../audit/service.ts';
import { logoUrl, uploadedLogoPrefix } from '../catalogue/catalogue-index.ts';
import { notifyCatalogueChanged } from '../catalogue/catalogue-store.ts';
import { today } from '../catalogue/service.ts';
import { reencodeLogo } from './logo-image.ts';
import * as repo from './repository.ts';

export const staffProgramPageSize = 25;

const universityNotFound = () =>
  new NotFoundError('UNIVERSITY_NOT_FOUND', 'No university with this id.');
const programNotFound = () => new NotFoundError('PROGRAM_NOT_FOUND', 'No program with this id.');

/** The fields that differ, with their values before and after (what the audit log keeps). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** After a change: every instance reloads (NOTIFY at commit), this one before it answers. */
async function committed<T>(app: FastifyInstance, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const result = await app.db.transaction(async (tx) => {
    const value = await work(tx);
    await notifyCatalogueChanged(tx);
    return value;
  });
  await app.catalogue.reload();
  return result;
}

type CatalogueAudit = Omit<AuditRecord, 'actorId'>;

/**
 * One catalogue change by `actor`: `work` writes inside a transaction and says what it changed
 * (nothing: no entry), which is audited in the same transaction; then `committed`.
 */
export async function auditedWrite(
  app: FastifyInstance,
  actor: SessionUser,
  work: (tx: DbOrTx) => Promise<CatalogueAudit | CatalogueAudit[] | null>,
): Promise<void> {
  await committed(app, async (tx) => {
    const audits = [(await work(tx)) ?? []].flat();
    for (const audit of audits) await recordAudit(tx, { actorId: actor.id, ...audit });
  });
}

/** A save based on an older version of the entry (issue 25 §2): 409 with the entry as it is now. */
export const changedMeanwhile = (current: unknown) =>
  new VersionConflict('CATALOGUE_CHANGED_MEANWHILE', current);

function toStaffUniversity(
  row: Awaited<ReturnType<typeof repo.findUniversities>>[number],
): StaffUniversity {
  const { logo, updatedAt, ...rest } = row;
  return { ...rest, logoUrl: logoUrl(logo), updatedAt: updatedAt.toISOString() };
}

type ProgramDbRow = NonNullable<Awaited<ReturnType<typeof repo.findProgram>>>;

export function toProgramValues(
  row: Omit<ProgramDbRow, 'universityName' | 'updatedAt' | 'version'>,
): ProgramValues {
  return {
    id: row.id,
    universityId: row.universityId,
    name: row.name,
    level: row.level as ProgramValues['level'],
    description: row.description,
    requirements: row.requirements,
    tuitionGbp: row.tuitionGbp,
    feeYear: row.feeYear,
    ieltsOverall: row.ieltsOverall,
    ieltsMinComponent: row.ieltsMinComponent,
    englishEquivalents: row.englishEquivalents,
    academicLevel: row.academicLevel,
    academicRequirement: row.academicRequirement,
    intakes: row.intakes as ProgramValues['intakes'],
    durationMonths: row.durationMonths,
    studyMode: row.studyMode as ProgramValues['studyMode'],
    categories: row.categories,
    url: row.url,
    lastChecked: row.lastChecked,
    atasRequired: row.atasRequired,
    active: row.active,
  };
}

function toStaffProgram(row: ProgramDbRow): StaffProgram {
  return {
    ...toProgramValues(row),
    universityName: row.universityName,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listUniversities(app: FastifyInstance): Promise<StaffUniversity[]> {
  return (await repo.findUniversities(app.db)).map(toStaffUniversity);
}

async function universityOrThrow(app: FastifyInstance, id: string): Promise<StaffUniversity> {
  const found = (await repo.findUniversities(app.db)).find((u) => u.id === id);
  if (!found) throw universityNotFound();
  return toStaffUniversity(found);
}

export async function createUniversity(
  app: FastifyInstance,
  actor: SessionUser,
  values: UniversityValues,
): Promise<StaffUniversity> {
  await auditedWrite(app, actor, async (tx) => {
    if (await repo.findUniversity(tx, values.id)) {
      throw new ValidationError(
        { id: 'A university with this id already exists' },
        'A university with this id already exists.',
      );
    }
    // A new university shows the portal's placeholder until its logo is uploaded.
    await repo.insertUniversity(tx, { ...values, logo: 'placeholder.svg' });
    return {
      action: 'catalogue.university_created',
      subjectType: 'university',
      subjectId: values.id,
      details: { after: values },
    };
  });
  return universityOrThrow(app, values.id);
}

export async function updateUniversity(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  version: number,
  values: Partial<Omit<UniversityValues, 'id'>>,
): Promise<StaffUniversity> {
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findUniversity(tx, id, true);
    if (!before) throw universityNotFound();
    if (before.version !== version) throw changedMeanwhile(before);
    const diff = changedFields(before, values);
    if (Object.keys(diff.after).length === 0) return null;
    await repo.updateUniversity(tx, id, values);
    return {
      action: 'catalogue.university_updated',
      subjectType: 'university',
      subjectId: id,
      details: diff,
    };
  });
  return universityOrThrow(app, id);
}

export async function uploadLogo(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  bytes: Buffer,
): Promise<StaffUniversity> {
  const logo = await reencodeLogo(bytes);
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findUniversity(tx, id, true);
    if (!before) throw universityNotFound();
    const logoId = await repo.insertLogo(tx, logo);
    const file = `${uploadedLogoPrefix}${logoId}`;
    await repo.updateUniversity(tx, id, { logo: file });
    const details = {
      before: { logo: before.logo },
      after: { logo: file },
      width: logo.width,
      height: logo.height,
    };
    return {
      action: 'catalogue.university_updated',
      subjectType: 'university',
      subjectId: id,
      details,
    };
  });
  return universityOrThrow(app, id);
}

export async function getLogo(app: FastifyInstance, id: string) {
  const logo = await repo.findLogo(app.db, id);
  if (!logo) throw new NotFoundError('LOGO_NOT_FOUND', 'No such logo.');
  return logo;
}

export async function listPrograms(
  app: FastifyInstance,
  query: { q?: string; universityId?: string; page: number },
): Promise<StaffProgramPage> {
  const { rows, total } = await repo.findPrograms(
    app.db,
    query,
    staffProgramPageSize,
    (query.page - 1) * staffProgramPageSize,
  );
  return {
    items: rows.map(toStaffProgram),
    total,
    page: query.page,
    pageSize: staffProgramPageSize,
  };
}

export async function getProgram(app: FastifyInstance, id: string): Promise<StaffProgram> {
  const row = await repo.findProgram(app.db, id);
  if (!row) throw programNotFound();
  return toStaffProgram(row);
}

/** What a program must refer to: an existing university and categories on the team's list. */
export function referenceErrors(
  values: ProgramValues,
  universityIds: Set<string>,
  categories: Set<string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!universityIds.has(values.universityId))
    errors.universityId = `No university with the id ${values.universityId}`;
  const unknown = values.categories.filter((c) => !categories.has(c));
  if (unknown.length > 0)
    errors.categories = `Unknown ${unknown.length === 1 ? 'category' : 'categories'}: ${unknown.join(', ')}`;
  return errors;
}

async function checkReferences(tx: DbOrTx, values: ProgramValues) {
  const errors = referenceErrors(
    values,
    await repo.findUniversityIds(tx),
    new Set(await repo.findCategoryNames(tx)),
  );
  if (Object.keys(errors).length > 0)
    throw new ValidationError(errors, `Invalid value for ${Object.keys(errors).join(', ')}.`);
}

export async function createProgram(
  app: FastifyInstance,
  actor: SessionUser,
  values: ProgramValues,
): Promise<StaffProgram> {
  await auditedWrite(app, actor, async (tx) => {
    if (await repo.findProgram(tx, values.id)) {
      throw new ValidationError(
        { id: 'A program with this id already exists' },
        'A program with this id already exists.',
      );
    }
    await checkReferences(tx, values);
    await repo.upsertPrograms(tx, [values]);
    return {
      action: 'catalogue.program_created',
      subjectType: 'program',
      subjectId: values.id,
      details: { after: values },
    };
  });
  return getProgram(app, values.id);
}

export async function updateProgram(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  version: number,
  values: ProgramValues,
): Promise<StaffProgram> {
  if (values.id !== id) throw new ValidationError({ id: 'The id of a program cannot be changed' });
  await auditedWrite(app, actor, async (tx) => {
    const row = await repo.findProgram(tx, id, true);
    if (!row) throw programNotFound();
    if (row.version !== version) throw changedMeanwhile(toStaffProgram(row));
    await checkReferences(tx, values);
    const diff = changedFields(toProgramValues(row), values);
    if (Object.keys(diff.after).length === 0) return null;
    await repo.upsertPrograms(tx, [values]);
    return {
      action: 'catalogue.program_updated',
      subjectType: 'program',
      subjectId: id,
      details: diff,
    };
  });
  return getProgram(app, id);
}

export async function setProgramActive(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  active: boolean,
): Promise<StaffProgram> {
  const row = await repo.findProgram(app.db, id);
  if (!row) throw programNotFound();
  // a switch of one field: on the program as it is now
  return updateProgram(app, actor, id, row.version, { ...toProgramValues(row), active });
}

function toStaffFigures(rows: Awaited<ReturnType<typeof repo.findCostFigures>>): StaffCostFigure[] {
  const on = today();
  return rows.map((row) => {
    const inForce = (figureOn(rows, row.kind, on) as { id?: string } | undefined)?.id === row.id;
    return {
      ...row,
      kind: row.kind as StaffCostFigure['kind'],
      inForce,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function listCostFigures(app: FastifyInstance): Promise<StaffCostFigure[]> {
  return toStaffFigures(await repo.findCostFigures(app.db));
}

export async function createCostFigure(
  app: FastifyInstance,
  actor: SessionUser,
  values: CostFigureValues,
): Promise<StaffCostFigure[]> {
  const id = `${values.kind}-${values.effectiveFrom}-${randomUUID().slice(0, 8)}`;
  await auditedWrite(app, actor, async (tx) => {
    await repo.insertCostFigure(tx, id, values);
    return {
      action: 'catalogue.cost_figure_created',
      subjectType: 'cost_figure',
      subjectId: id,
      details: { after: values },
    };
  });
  return listCostFigures(app);
}

export async function updateCostFigure(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  version: number,
  values: CostFigureValues,
): Promise<StaffCostFigure[]> {
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findCostFigure(tx, id);
    if (!before) throw new NotFoundError('COST_FIGURE_NOT_FOUND', 'No such figure.');
    if (before.version !== version) throw changedMeanwhile(before);
    const diff = changedFields(before, values);
    if (Object.keys(diff.after).length === 0) return null;
    await repo.updateCostFigure(tx, id, values);
    return {
      action: 'catalogue.cost_figure_updated',
      subjectType: 'cost_figure',
      subjectId: id,
      details: diff,
    };
  });
  return listCostFigures(app);
}

const categoryNotFound = () =>
  new NotFoundError('CATEGORY_NOT_FOUND', 'No subject category with this name.');
const categoryTaken = (name: string) =>
  new ValidationError(
    { name: `There is already a category called ${name}` },
    `There is already a category called ${name}.`,
  );

export async function listAllCategories(app: FastifyInstance): Promise<StaffCategory[]> {
  return repo.findCategories(app.db);
}

/** A new subject category, at the end of the list: the program form and the public filter offer it at once. */
export async function addCategory(
  app: FastifyInstance,
  actor: SessionUser,
  name: string,
): Promise<StaffCategory[]> {
  await auditedWrite(app, actor, async (tx) => {
    const existing = await repo.findCategory(tx, name);
    if (existing) throw categoryTaken(existing.name);
    await repo.insertCategory(tx, name);
    return {
      action: 'catalogue.category_added',
      subjectType: 'category',
      subjectId: name,
      details: { after: { name, active: true } },
    };
  });
  return listAllCategories(app);
}

/**
 * Renames a category (and every program listing it, so filters keep finding them) and/or turns it
 * off: an inactive category leaves the program form and the public filter; programs keep it.
 */
export async function changeCategory(
  app: FastifyInstance,
  actor: SessionUser,
  name: string,
  change: CategoryChange,
): Promise<StaffCategory[]> {
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findCategory(tx, name, true);
    if (!before || before.name !== name) throw categoryNotFound();
    const after = { name: change.name ?? before.name, active: change.active ?? before.active };
    const audits: CatalogueAudit[] = [];
    if (after.name !== before.name) {
      const clash = await repo.findCategory(tx, after.name);
      if (clash && clash.name !== before.name) throw categoryTaken(clash.name);
      const programs = await repo.renameCategory(tx, before.name, after.name);
      const details = { before: { name: before.name }, after: { name: after.name }, programs };
      audits.push({
        action: 'catalogue.category_renamed',
        subjectType: 'category',
        subjectId: after.name,
        details,
      });
    }
    if (after.active !== before.active) {
      await repo.setCategoryActive(tx, after.name, after.active);
      const action = after.active
        ? 'catalogue.category_activated'
        : 'catalogue.category_deactivated';
      audits.push({
        action,
        subjectType: 'category',
        subjectId: after.name,
        details: { before: { active: before.active }, after: { active: after.active } },
      });
    }
    return audits;
  });
  return listAllCategories(app);
}

export function catalogueWriteForbidden(): AppError {
  return new AppError('FORBIDDEN', 403, 'You do not have permission to do this.');
}
