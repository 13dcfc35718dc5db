import {
  applicationInput,
  documentKeys,
  fileAccept,
  type DocumentKey,
} from '../../../shared/schemas/application';
import { fieldIssue, type FieldIssue } from '../../../shared/error-codes';
import { detailLimits } from '../../../shared/schemas/application-details';

export interface FormValues {
  fullName: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  passportNumber: string;
  nationality: string;
  residencyCountry: string;
  englishLevel: string;
  hasCertification: 'yes' | 'no';
  plannedTestDate: string;
}

/**
 * The chosen files by slot: a document's first file under its key (`transcripts`), the next ones
 * under the key and their place (`transcripts2`, `transcripts3`: issue 25 §3).
 */
export type FormFiles = Partial<Record<string, File>>;

export const slotName = (key: DocumentKey, part: number) => (part === 1 ? key : `${key}${part}`);
export function slotOf(slot: string): { key: DocumentKey; part: number } | null {
  const match = /^([a-zA-Z]+?)([2-9])?$/.exec(slot);
  const key = match?.[1];
  if (!key || !(documentKeys as readonly string[]).includes(key)) return null;
  return { key: key as DocumentKey, part: match[2] ? Number(match[2]) : 1 };
}
/** Each field's first issue: a code and its values (D17), shown by useErrorText(). */
export type FieldErrors = Partial<Record<string, FieldIssue>>;

export interface Choice {
  programId: string;
  universityId: string;
  universityIds: string[];
}

export const emptyValues: FormValues = {
  fullName: '',
  dateOfBirth: '',
  email: '',
  phone: '',
  passportNumber: '',
  nationality: '',
  residencyCountry: '',
  englishLevel: '',
  hasCertification: 'no',
  plannedTestDate: '',
};

/** The order fields appear in, so the first invalid one can take the focus. */
export const fieldOrder = [
  'universityIds',
  'fullName',
  'dateOfBirth',
  'email',
  'phone',
  'passportNumber',
  'nationality',
  'residencyCountry',
  'englishLevel',
  'hasCertification',
  'plannedTestDate',
  ...documentKeys,
] as const;

const allowedExtensions = fileAccept.split(',');

/** The same shared schema the server uses, plus what only the browser knows before sending: the files. */
export function validate(
  values: FormValues,
  choice: Choice,
  files: FormFiles,
  maxFileBytes: number,
  /** Issue 25 §3's sections: checked by their own react-hook-form, so their issues are not kept here. */
  details: object = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const result = applicationInput.safeParse({ ...values, ...choice, ...details });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      if (key in details) continue;
      errors[key] ??= fieldIssue(issue as never);
    }
  }
  for (const [key, file] of Object.entries(files)) {
    if (!file) continue;
    if (key === 'certification' && values.hasCertification === 'no') continue;
    const name = file.name.toLowerCase();
    if (!allowedExtensions.some((ext) => name.endsWith(ext))) {
      errors[key] = { code: 'UNSUPPORTED_FILE_TYPE' };
    } else if (file.size > maxFileBytes) {
      errors[key] = {
        code: 'FILE_TOO_LARGE',
        params: { megabytes: Math.round(maxFileBytes / 1024 / 1024) },
      };
    } else if (file.size === 0) {
      errors[key] = { code: 'EMPTY_FILE' };
    }
  }
  return errors;
}

/** Fields first, then files: the server checks the fields before it stores any file. */
export function toFormData(
  values: FormValues,
  choice: Choice,
  files: FormFiles,
  extra: Record<string, string> = {},
  details: Record<string, string> = {},
): FormData {
  const data = new FormData();
  // issue 25 §3's fields (each list one JSON field), before the files as every field
  for (const [name, value] of Object.entries(details)) data.append(name, value);
  for (const [name, value] of Object.entries(values)) {
    if (name === 'plannedTestDate' && values.hasCertification === 'yes') continue;
    data.append(name, value);
  }
  data.append('programId', choice.programId);
  data.append('universityId', choice.universityId);
  for (const id of choice.universityIds) data.append('universityIds', id);
  // an invitation's secret and the student's consent (issue 28)
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  for (const key of documentKeys) {
    if (key === 'certification' && values.hasCertification === 'no') continue;
    for (let part = 1; part <= detailLimits.filesPerSlot; part++) {
      const file = files[slotName(key, part)];
      if (file) data.append(key, file, file.name);
    }
  }
  return data;
}

/** Local dates as YYYY-MM-DD, for the date inputs' limits. */
function isoLocal(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
export const todayIso = () => isoLocal(new Date());
export function yearsAgoIso(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return isoLocal(d);
}
