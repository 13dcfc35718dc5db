import type { DraftContent } from '../../../shared/schemas/draft';
import {
  emptyValues,
  slotName,
  slotOf,
  type Choice,
  type FormFiles,
  type FormValues,
} from './form-values';
import { flattenDetails, type DetailValues } from './details-values';

const fieldNames = Object.keys(emptyValues) as (keyof FormValues)[];

/** What the form holds, as a draft: the typed values (not the account's prefilled e-mail), the picks and file names. */
export function draftOf(
  typed: FormValues,
  isEmailEdited: boolean,
  files: FormFiles,
  remembered: DraftContent['files'],
  choice: Choice,
  details: DetailValues,
): DraftContent {
  const values: Record<string, string> = flattenDetails(details);
  for (const name of fieldNames) {
    if (name === 'email' && !isEmailEdited) continue;
    if (typed[name] !== '') values[name] = typed[name];
  }
  const chosen = Object.entries(files).flatMap(([slot, file]) => {
    const place = slotOf(slot);
    if (!file || !place) return [];
    return [
      {
        key: place.key,
        ...(place.part > 1 ? { part: place.part } : {}),
        name: file.name.slice(0, 255),
      },
    ];
  });
  return {
    values,
    choice: { programId: choice.programId, universityIds: choice.universityIds.filter(Boolean) },
    files: [...chosen, ...remembered.filter((r) => !files[slotName(r.key, r.part ?? 1)])],
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
