import { AppError, NotFoundError } from '../../lib/errors.ts';
import type {
  Consultant,
  Program,
  ProgramQuery,
  ProgramSearchQuery,
  ProgramSearchResult,
  University,
} from '../../../shared/schemas/catalogue.ts';
import type { CatalogueStore } from './catalogue-store.ts';

export const consultantImageUrl = (file: string) => `/media/consultants/${file}`;

/** Today in the UK sense of a date (UTC): which cost figures are in force. */
let day = { iso: '', from: 0, until: 0 };
/** Today's date (UTC, YYYY-MM-DD), worked out once a day rather than on every read. */
export function today(): string {
  const now = Date.now();
  if (now < day.from || now >= day.until) {
    const iso = new Date(now).toISOString().slice(0, 10);
    const from = Date.parse(iso);
    day = { iso, from, until: from + 86_400_000 };
  }
  return day.iso;
}

export function listUniversities(store: CatalogueStore, q?: string): University[] {
  return store.current().searchUniversities(q);
}

export function getUniversity(store: CatalogueStore, id: string): University {
  const university = store.current().university(id);
  if (!university) throw new NotFoundError('UNIVERSITY_NOT_FOUND', 'University not found.');
  return university;
}

/** The most programs one list answers; the search (/api/programs/search) pages through any number. */
export const maxListedPrograms = 1000;

export function listPrograms(store: CatalogueStore, query: ProgramQuery): Program[] {
  const programs = store.current().listPrograms(query, today(), maxListedPrograms);
  if (!programs) {
    throw new AppError(
      'TOO_MANY_PROGRAMS',
      400,
      `More than ${maxListedPrograms.toLocaleString('en-GB')} programs match: narrow the list (a university, a level, words of the name) or page through /api/programs/search.`,
    );
  }
  return programs;
}

export function getProgram(store: CatalogueStore, id: string): Program {
  const program = store.current().program(id, today());
  if (!program) throw new NotFoundError('PROGRAM_NOT_FOUND', 'Program not found.');
  return program;
}

export function searchPrograms(
  store: CatalogueStore,
  query: ProgramSearchQuery,
): ProgramSearchResult {
  return store.current().search(query, today());
}

/** The active consultants as /free shows them, from the catalogue in memory (edited in the console). */
export function listConsultants(store: CatalogueStore): Consultant[] {
  return store.current().consultants.map(({ image, ...row }) => ({
    ...row,
    imageUrl: consultantImageUrl(image),
  }));
}
