import { z } from 'zod';
import { contactEmail } from './contact.ts';
import { documentKeys, type DocumentKey } from './application.ts';
import { detailLimits } from './application-details.ts';

/** Limits of a saved draft (issue 25 §1): generous for a form, small for a database row. */
export const draftLimits = {
  /** The form's fields, with issue 25 §3's lists flattened (education0Institution…). */
  fields: 160,
  fieldLength: 4_000,
  fileName: 255,
  /** The JSON body of a draft save, in bytes: past it the server answers 413 before parsing. */
  bodyBytes: 128 * 1024,
  /** Days a draft is kept after its last change. */
  keptDays: 30,
} as const;

const catalogueId = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a catalogue id');

/**
 * What the form held, field by field, as typed (nothing is checked beyond size: a draft is allowed
 * to be wrong). Names are the form's field names, so a field added to the form is kept without a
 * change here.
 */
const draftValues = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'Not a field name'),
    z.string().max(draftLimits.fieldLength),
  )
  .refine((v) => Object.keys(v).length <= draftLimits.fields, {
    message: `At most ${draftLimits.fields} fields`,
  });

export const draftContent = z.strictObject({
  values: draftValues,
  choice: z.strictObject({
    programId: catalogueId.or(z.literal('')),
    universityIds: z.array(catalogueId).max(3),
  }),
  /** The files the person had chosen, by name only: a browser cannot keep the files themselves. */
  files: z
    .array(
      z.strictObject({
        key: z.enum(documentKeys),
        /** Which file of the slot (issue 25 §3): the first when absent. */
        part: z.number().int().min(2).max(detailLimits.filesPerSlot).optional(),
        name: z.string().trim().min(1).max(draftLimits.fileName),
      }),
    )
    .max(documentKeys.length * detailLimits.filesPerSlot),
});
export type DraftContent = z.infer<typeof draftContent>;

/** A draft as the server gives it back to its owner: the content and when it last changed. */
export interface DraftView extends DraftContent {
  updatedAt: string;
}

export interface MyDraft {
  draft: DraftView | null;
}

/** "Continue later" for a signed-out student: the link goes to this address. */
export const continueLaterInput = z.strictObject({
  email: contactEmail,
  draft: draftContent,
});
export type ContinueLaterInput = z.infer<typeof continueLaterInput>;

/** The secret of a "continue later" link, from the link's fragment. */
export const draftLinkInput = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a link'),
});

export type DraftFile = { key: DocumentKey; name: string; part?: number };
