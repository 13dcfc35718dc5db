import type { FastifyInstance } from 'fastify';
import type {
  ConsultantTextsValues,
  LatestUpdateKey,
  LatestUpdateValues,
  StaffConsultantTexts,
  StaffLatestUpdate,
  StaffSiteTexts,
} from '../../../shared/schemas/site-texts.ts';
import type { SessionUser } from '../../auth/session.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { auditedWrite, changedFields, changedMeanwhile } from './service.ts';
import * as repo from './site-texts-repository.ts';

/** The home page's Latest Updates and the consultants' texts, in six languages (issue 26 §3). */

type UpdateRow = Awaited<ReturnType<typeof repo.findLatestUpdates>>[number];
type ConsultantRow = Awaited<ReturnType<typeof repo.findConsultantTexts>>[number];

const toStaffUpdate = ({ updatedAt, ...row }: UpdateRow): StaffLatestUpdate => ({
  ...(row as Omit<StaffLatestUpdate, 'updatedAt'>),
  updatedAt: updatedAt.toISOString(),
});
const toStaffConsultant = ({ updatedAt, ...row }: ConsultantRow): StaffConsultantTexts => ({
  ...row,
  updatedAt: updatedAt.toISOString(),
});

const updateNotFound = () => new NotFoundError('SITE_TEXT_NOT_FOUND');
const consultantNotFound = updateNotFound;

export async function listSiteTexts(app: FastifyInstance): Promise<StaffSiteTexts> {
  const [updates, people] = await Promise.all([
    repo.findLatestUpdates(app.db),
    repo.findConsultantTexts(app.db),
  ]);
  return { latestUpdates: updates.map(toStaffUpdate), consultants: people.map(toStaffConsultant) };
}

export async function updateLatestUpdate(
  app: FastifyInstance,
  actor: SessionUser,
  key: LatestUpdateKey,
  version: number,
  values: LatestUpdateValues,
): Promise<StaffLatestUpdate> {
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findLatestUpdate(tx, key);
    if (!before) throw updateNotFound();
    if (before.version !== version) throw changedMeanwhile(toStaffUpdate(before));
    const diff = changedFields(before as LatestUpdateValues, values);
    if (Object.keys(diff.after).length === 0) return null;
    await repo.updateLatestUpdate(tx, key, values);
    return {
      action: 'catalogue.latest_update_updated',
      subjectType: 'latest_update',
      subjectId: key,
      details: diff,
    };
  });
  const row = (await repo.findLatestUpdates(app.db)).find((u) => u.key === key);
  if (!row) throw updateNotFound();
  return toStaffUpdate(row);
}

export async function updateConsultantTexts(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  version: number,
  values: ConsultantTextsValues,
): Promise<StaffConsultantTexts> {
  await auditedWrite(app, actor, async (tx) => {
    const before = await repo.findConsultant(tx, id);
    if (!before) throw consultantNotFound();
    if (before.version !== version) throw changedMeanwhile(toStaffConsultant(before));
    const diff = changedFields(before as ConsultantTextsValues, values);
    if (Object.keys(diff.after).length === 0) return null;
    await repo.updateConsultantTexts(tx, id, values);
    return {
      action: 'catalogue.consultant_texts_updated',
      subjectType: 'consultant',
      subjectId: id,
      details: diff,
    };
  });
  const row = (await repo.findConsultantTexts(app.db)).find((c) => c.id === id);
  if (!row) throw consultantNotFound();
  return toStaffConsultant(row);
}
