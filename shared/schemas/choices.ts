import { z } from 'zod';
import { day, isBlank } from './form-values.ts';
import {
  choiceReplies,
  maxChoiceReasonLength,
  maxChoiceReferenceLength,
  maxConditionLength,
  maxConditions,
  type ChoiceDecision,
  type ChoiceReply,
  type ChoiceState,
} from '../application-choices.ts';

/*
 * D18: what the staff console sends to record a choice's facts, what the applicant sends to reply
 * to an offer, and the views of a choice. The server checks the same schemas.
 */

const dayInRange = (label: string) =>
  day(label).refine((v) => v >= '2000-01-01' && v <= '2100-12-31', `${label} must be a real date`);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );

/** The version of the choice the staff page showed: another one now answers 409. */
const version = z.coerce
  .number({ error: 'Version must be a number' })
  .int()
  .min(1)
  .max(2_147_483_647);

export const choiceParams = z.strictObject({
  id: z.uuid('Not an application id'),
  choiceId: z.uuid('Not a choice id'),
});

export const choiceDocumentParams = z.strictObject({
  id: z.uuid('Not an application id'),
  documentId: z.uuid('Not a document id'),
});

/** Staff: the file went to the university on this day, with the university's reference. */
export const choiceSentInput = z.strictObject({
  version,
  sentOn: dayInRange('Sent on'),
  reference: optionalText('Reference', maxChoiceReferenceLength),
});

export const staffDecisions = [
  'conditional_offer',
  'unconditional_offer',
  'unsuccessful',
  'withdrawn',
] as const satisfies readonly ChoiceDecision[];

/** Staff: the university's decision; an offer's conditions one per line and its reply deadline. */
export const choiceDecisionInput = z
  .strictObject({
    version,
    decision: z.enum(staffDecisions, { error: 'Choose the decision' }),
    conditions: z
      .array(
        z
          .string({ error: 'A condition must be text' })
          .trim()
          .min(1, 'A condition cannot be empty')
          .max(maxConditionLength, `A condition is at most ${maxConditionLength} characters`),
        { error: 'Conditions must be a list' },
      )
      .max(maxConditions, `At most ${maxConditions} conditions`)
      .default([]),
    replyDeadline: z.preprocess((v) => (isBlank(v) ? null : v), dayInRange('Reply by').nullable()),
    reason: optionalText('Reason', maxChoiceReasonLength),
  })
  .refine((v) => v.decision !== 'conditional_offer' || v.conditions.length > 0, {
    path: ['conditions'],
    message: 'A conditional offer lists its conditions',
  })
  .refine((v) => v.decision === 'conditional_offer' || v.conditions.length === 0, {
    path: ['conditions'],
    message: 'Only a conditional offer has conditions',
  });
export type ChoiceDecisionInput = z.infer<typeof choiceDecisionInput>;

/** Staff: a conditional offer's conditions are met; the offer becomes unconditional. */
export const choiceConditionsMetInput = z.strictObject({
  version,
  metOn: dayInRange('Conditions met on'),
});

/** Staff: undo the last recorded fact of a choice to correct a mistake (D3: with a note). */
export const choiceCorrectionInput = z.strictObject({
  version,
  note: z
    .string({ error: 'Say what was wrong' })
    .trim()
    .min(1, 'Say what was wrong')
    .max(maxChoiceReasonLength, `At most ${maxChoiceReasonLength} characters`),
});

/** The applicant answers an offer; it cannot be undone without the team, so it is confirmed. */
export const choiceReplyInput = z.strictObject({
  reply: z.enum(choiceReplies, { error: 'Firm, insurance or declined' }),
  confirm: z.literal(true, { error: 'Confirm your reply' }),
});
export type ChoiceReplyInput = z.infer<typeof choiceReplyInput>;

export interface ChoiceDocumentView {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  url: string;
}

export interface ChoiceEventView {
  kind: string;
  at: string;
  details: Record<string, unknown>;
  note: string | null;
  /** Staff only: who recorded it (null: the applicant or the system). */
  by?: { id: string; name: string } | null;
}

/** A choice as the applicant and the staff console see it. */
export interface ChoiceView {
  id: string;
  position: number;
  state: ChoiceState;
  university: { id: string; name: string };
  program: { id: string; name: string } | null;
  sentOn: string | null;
  reference: string | null;
  decision: ChoiceDecision | null;
  decidedAt: string | null;
  conditions: string[];
  conditionsMetOn: string | null;
  reason: string | null;
  replyDeadline: string | null;
  reply: ChoiceReply | null;
  repliedAt: string | null;
  /** Replies the applicant may give now (empty when none). */
  replies: ChoiceReply[];
  documents: ChoiceDocumentView[];
  timeline: ChoiceEventView[];
  version: number;
}
