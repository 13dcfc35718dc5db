import type { DraftContent } from '../../../shared/schemas/draft';
import { emptyValues, type Choice, type FormFiles, type FormValues } from './form-values';

const fieldNames = Object.keys(emptyValues) as (keyof FormValues)[];

/** What the form holds, as a draft: the typed values (not the account's prefilled e-mail), the picks and file names. */
export function draftOf(
  typed: FormValues,
  isEmailEdited: boolean,
  files: FormFiles,
  remembered: DraftContent['files'],
  choice: Choice,
): DraftContent {
  const values: Record<string, string> = {};
  for (const name of fieldNames) {
    if (name === 'email' && !isEmailEdited) continue;
    if (typed[name] !== '') values[name] = typed[name];
  }
  const chosen = Object.entries(files)
    .filter((entry): entry is [keyof FormFiles, File] => !!entry[1])
    .map(([key, file]) => ({ key, name: file.name.slice(0, 255) }));
  return {
    values,
    choice: { programId: choice.programId, universityIds: choice.universityIds.filter(Boolean) },
    files: [...chosen, ...remembered.filter((r) => !files[r.key])],
  };
}

/** The form's values from a draft: fields it does not know are left out, missing ones empty. */
export function valuesOfDraft(draft: DraftContent | null): FormValues {
  const values = { ...emptyValues };
  if (!draft) return values;
  for (const name of fieldNames) {
    const saved = draft.values[name];
    if (typeof saved !== 'string') continue;
    if (name === 'hasCertification') values.hasCertification = saved === 'yes' ? 'yes' : 'no';
    else values[name] = saved;
  }
  return values;
}
