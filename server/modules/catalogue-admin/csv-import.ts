import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import {
  intakesToText,
  maxImportRows,
  programCsvColumns,
  programCsvFields,
  programInput,
  type ImportReport,
  type ImportRowChange,
  type ImportRowError,
  type ProgramCsvColumn,
  type ProgramValues,
} from '../../../shared/schemas/catalogue-admin.ts';
import type { SessionUser } from '../../auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, recordAudits, type AuditRecord, type DbOrTx } from '../audit/service.ts';
import { notifyCatalogueChanged } from '../catalogue/catalogue-store.ts';
import * as repo from './repository.ts';
import { changedFields, referenceErrors, toProgramValues } from './service.ts';

const columnOf = Object.fromEntries(
  Object.entries(programCsvFields).map(([column, field]) => [field, column]),
) as Record<keyof ProgramValues, ProgramCsvColumn>;

/** A program as a CSV row (export and the template's example). */
function toCsvRow(p: ProgramValues): string[] {
  return programCsvColumns.map((column) => {
    const value = p[programCsvFields[column]];
    if (column === 'intakes') return intakesToText(p.intakes);
    if (column === 'categories') return p.categories.join('; ');
    if (column === 'active' || column === 'atas_required') return value ? 'yes' : 'no';
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, return) is written with a
 * leading apostrophe, so an exported file opened in Excel cannot run anything.
 */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

export function programsCsv(rows: ProgramValues[]): string {
  return stringify([[...programCsvColumns], ...rows.map((r) => toCsvRow(r).map(safeCell))], {
    bom: true,
    record_delimiter: '\r\n',
  });
}

export const templateExample: ProgramValues = {
  id: 'msc-example-subject-university-of-leeds',
  universityId: 'university-of-leeds',
  name: 'MSc Example Subject',
  level: 'Masters',
  description: 'One or two sentences about the course.',
  requirements: 'A 2:1 honours degree. IELTS 6.5 overall with no component below 6.0.',
  tuitionGbp: 31_000,
  feeYear: '2026/27',
  ieltsOverall: 6.5,
  ieltsMinComponent: 6,
  englishEquivalents: 'TOEFL iBT 92; PTE Academic 64',
  academicLevel: '2:1',
  academicRequirement: 'A 2:1 honours degree in a related subject.',
  intakes: [
    { month: 'September', deadline: '2026-06-30' },
    { month: 'January', deadline: null },
  ],
  durationMonths: 12,
  studyMode: 'Full-time',
  categories: ['IT', 'Business'],
  url: 'https://www.example.ac.uk/courses/msc-example-subject',
  lastChecked: '2026-01-15',
  atasRequired: false,
  active: true,
};

export async function exportPrograms(app: FastifyInstance): Promise<string> {
  return programsCsv((await repo.findAllPrograms(app.db)).map(toProgramValues));
}

/** What is wrong with the file travels as a value: the console shows it beside the code's words. */
const badFile = (message: string) => new AppError('CSV_INVALID', 400, message, { detail: message });

/** The file's records, each with its line; the header must name exactly the template's columns. */
function readCsv(text: string): { line: number; record: Record<string, string> }[] {
  // Refused for the whole file, in a dry run as on applying: PostgreSQL stores no NUL.
  const unstorable = text.search(/\0|\p{Cs}/u);
  if (unstorable !== -1) {
    const line = text.slice(0, unstorable).split('\n').length;
    throw badFile(
      `Line ${line} holds a character that is not allowed (NUL): remove it and try again.`,
    );
  }
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badFile(
      `The file is not valid CSV${line ? ` (near line ${line})` : ''}: check its quotes.`,
    );
  }
  const [header, ...records] = rows;
  if (!header) throw badFile('The file is empty: download the template and fill it in.');
  const names = header.record.map((h) => h.trim().toLowerCase());
  const repeated = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))];
  if (repeated.length > 0) {
    throw badFile(
      `Each column once: ${repeated.join(', ')} ${repeated.length === 1 ? 'appears' : 'appear'} more than once in the header.`,
    );
  }
  const missing = programCsvColumns.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(programCsvColumns as readonly string[]).includes(n));
  if (missing.length > 0 || unknown.length > 0) {
    throw badFile(
      [
        missing.length > 0 ? `Missing columns: ${missing.join(', ')}.` : '',
        unknown.length > 0 ? `Unknown columns: ${unknown.join(', ')}.` : '',
        'Use the columns of the template.',
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  if (records.length === 0) throw badFile('The file has a header and no programs.');
  if (records.length > maxImportRows) {
    throw badFile(
      `One import takes at most ${maxImportRows.toLocaleString('en-GB')} programs; this file has ${records.length.toLocaleString('en-GB')}.`,
    );
  }
  return records.map(({ record: cells, info }) => {
    const record: Record<string, string> = {};
    names.forEach((name, column) => {
      // an exported cell written with a leading apostrophe (see safeCell) reads back as it was
      record[name] = (cells[column] ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
    });
    if (cells.length !== names.length)
      record.__columns = `has ${cells.length} values where the header has ${names.length}`;
    return { line: info.lines, record };
  });
}

interface Checked {
  valid: { line: number; values: ProgramValues }[];
  errors: ImportRowError[];
}

function checkRows(
  records: { line: number; record: Record<string, string> }[],
  universityIds: Set<string>,
  categories: Set<string>,
): Checked {
  const valid: Checked['valid'] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, record } of records) {
    const id = (record.id ?? '').trim();
    const messages: string[] = [];
    if (record.__columns) messages.push(`The row ${record.__columns}`);
    const input: Record<string, string> = {};
    for (const column of programCsvColumns) input[programCsvFields[column]] = record[column] ?? '';
    const parsed = programInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ProgramValues | undefined;
        messages.push(field ? `${columnOf[field]}: ${issue.message}` : issue.message);
      }
    } else {
      for (const [field, message] of Object.entries(
        referenceErrors(parsed.data, universityIds, categories),
      )) {
        messages.push(`${columnOf[field as keyof ProgramValues]}: ${message}`);
      }
    }
    const earlier = id ? seen.get(id) : undefined;
    if (earlier !== undefined)
      messages.push(`id: ${id} is also on line ${earlier}; each program once`);
    else if (id) seen.set(id, line);
    if (messages.length > 0) errors.push({ line, id, errors: [...new Set(messages)] });
    else if (parsed.success) valid.push({ line, values: parsed.data });
  }
  return { valid, errors };
}

/**
 * A CSV import (issue 11 item 2): every row is checked with the form's schema, and compared by its
 * id with the program in the catalogue. A dry run reports each row's errors and what would change;
 * applying writes the changed rows in one transaction, audits each one, and tells every instance.
 * A file with any error applies nothing; the same file applied twice changes nothing the second time.
 */
export async function importPrograms(
  app: FastifyInstance,
  actor: SessionUser,
  text: string,
  apply: boolean,
): Promise<ImportReport> {
  const started = performance.now();
  const records = readCsv(text);
  const plan = async (db: DbOrTx) => {
    const [universityIds, categoryNames, existingRows] = await Promise.all([
      repo.findUniversityIds(db),
      repo.findCategoryNames(db),
      repo.findAllPrograms(db),
    ]);
    const existing = new Map(existingRows.map((r) => [r.id, toProgramValues(r)]));
    const { valid, errors } = checkRows(records, universityIds, new Set(categoryNames));
    const changes: (ImportRowChange & {
      values: ProgramValues;
      diff: ReturnType<typeof changedFields> | null;
    })[] = [];
    let unchanged = 0;
    for (const { line, values } of valid) {
      const before = existing.get(values.id);
      if (!before) {
        changes.push({
          line,
          id: values.id,
          action: 'create',
          fields: [...programCsvColumns],
          values,
          diff: null,
        });
        continue;
      }
      const diff = changedFields(before, values);
      const fields = Object.keys(diff.after).map((f) => columnOf[f as keyof ProgramValues]);
      if (fields.length === 0) unchanged += 1;
      else changes.push({ line, id: values.id, action: 'update', fields, values, diff });
    }
    return { errors, changes, unchanged };
  };

  const report = (p: Awaited<ReturnType<typeof plan>>, applied: boolean): ImportReport => ({
    applied,
    rows: records.length,
    creates: p.changes.filter((c) => c.action === 'create').length,
    updates: p.changes.filter((c) => c.action === 'update').length,
    unchanged: p.unchanged,
    errors: p.errors,
    changes: p.changes.map(({ line, id, action, fields }) => ({ line, id, action, fields })),
    tookMs: Math.round(performance.now() - started),
  });

  if (!apply) return report(await plan(app.db), false);

  const result = await app.db.transaction(async (tx) => {
    const p = await plan(tx);
    if (p.errors.length > 0 || p.changes.length === 0) return p;
    await repo.upsertPrograms(
      tx,
      p.changes.map((c) => c.values),
    );
    const entries: AuditRecord[] = p.changes.map((c) => ({
      actorId: actor.id,
      action: c.action === 'create' ? 'catalogue.program_created' : 'catalogue.program_updated',
      subjectType: 'program',
      subjectId: c.id,
      details: c.diff ? { ...c.diff, via: 'csv import' } : { after: c.values, via: 'csv import' },
    }));
    await recordAudits(tx, entries);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'catalogue.imported',
      subjectType: 'catalogue',
      subjectId: 'programs',
      details: {
        rows: records.length,
        creates: p.changes.filter((c) => c.action === 'create').length,
        updates: p.changes.filter((c) => c.action === 'update').length,
        unchanged: p.unchanged,
      },
    });
    await notifyCatalogueChanged(tx);
    return p;
  });
  const applied = result.errors.length === 0 && result.changes.length > 0;
  if (applied) await app.catalogue.reload();
  return report(result, result.errors.length === 0);
}
