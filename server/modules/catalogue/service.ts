import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type {
  Consultant,
  Program,
  ProgramQuery,
  University,
} from '../../../shared/schemas/catalogue.ts';
import * as repo from './repository.ts';

export const logoUrl = (file: string) => `/media/logos/${file}`;
export const consultantImageUrl = (file: string) => `/media/consultants/${file}`;

type UniversityRow = Awaited<ReturnType<typeof repo.findUniversities>>[number];
const toUniversity = ({ logo, ...row }: UniversityRow): University => ({ ...row, logoUrl: logoUrl(logo) });

export async function listUniversities(db: Db, q?: string): Promise<University[]> {
  return (await repo.findUniversities(db, q)).map(toUniversity);
}

export async function getUniversity(db: Db, id: string): Promise<University> {
  const row = await repo.findUniversity(db, id);
  if (!row) throw new NotFoundError('UNIVERSITY_NOT_FOUND', 'University not found.');
  return toUniversity(row);
}

export async function listPrograms(db: Db, query: ProgramQuery): Promise<Program[]> {
  return (await repo.findPrograms(db, query)) as Program[];
}

export async function listConsultants(db: Db): Promise<Consultant[]> {
  return (await repo.findConsultants(db)).map(({ image, ...row }) => ({
    ...row,
    imageUrl: consultantImageUrl(image),
  }));
}
