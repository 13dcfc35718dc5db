import { z } from 'zod';
import { day, isBlank } from './form-values.ts';
import { recordVersion } from './record-version.ts';
import { applicationStatuses, type ApplicationStatus } from '../application-status.ts';
import { requestableDocumentKeys, type AnyDocumentKey } from './application.ts';
import type { CostFact } from './catalogue.ts';

/*
 * Casework after submission (issue 12, items 2–6): requests to the applicant, the conversation,
 * owners and stage times, final outcomes and the UK steps after an offer. Shared by the server's
 * checks and the forms.
 */

export const applicationOutcomes = ['withdrawn', 'unsuccessful'] as const;
export type ApplicationOutcome = (typeof applicationOutcomes)[number];

export const requestKinds = ['document', 'information'] as const;
export type RequestKind = (typeof requestKinds)[number];

export const maxRequestMessageLength = 1000;
export const maxAnswerLength = 4000;
export const maxMessageLength = 4000;
export const maxOutcomeReasonLength = 1000;
/** A request is due within two years (year 9999 is a typing slip, not a date). */
export const maxDueDays = 730;

const optionalDay = (label: string) =>
  z.preprocess((v) => (isBlank(v) ? null : v), day(label).nullable());

/** Today as YYYY-MM-DD in UTC, shifted by whole days. */
export function isoDay(offsetDays = 0, from = new Date()): string {
  const d = new Date(from);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Staff ask the applicant for a document (of any kind) or for information, by a date. */
export const requestInput = z
  .strictObject({
    kind: z.enum(requestKinds, { error: 'Ask for a document or for information' }),
    documentKey: z.preprocess(
      (v) => (isBlank(v) ? null : v),
      z.enum(requestableDocumentKeys, { error: 'Choose a document from the list' }).nullable(),
    ),
    message: text('Message', maxRequestMessageLength),
    dueOn: day('Due date')
      .refine((v) => v >= isoDay(-1), 'The due date cannot be in the past')
      .refine((v) => v <= isoDay(maxDueDays), 'Choose a due date within the next 2 years'),
  })
  .refine((v) => v.kind !== 'document' || v.documentKey !== null, {
    path: ['documentKey'],
    message: 'Choose the document you need',
  });
export type RequestInput = z.infer<typeof requestInput>;
export type RequestFormValues = z.input<typeof requestInput>;

/** The applicant answers a request for information in writing. */
export const requestAnswerInput = z.strictObject({ text: text('Your answer', maxAnswerLength) });

export const requestParams = z.strictObject({
  id: z.uuid('Not an application id'),
  requestId: z.uuid('Not a request id'),
});

/** A message in the conversation; the attachment, if any, comes as a multipart file named "attachment". */
export const messageInput = z.strictObject({ body: text('Message', maxMessageLength) });

export const messageParams = z.strictObject({
  id: z.uuid('Not an application id'),
  messageId: z.uuid('Not a message id'),
});

/** Admin: a consultant (or nobody); a consultant may only take an unassigned case for themself. */
/** `from`: the owner the person saw (issue 25 §2); someone else's change meanwhile answers 409. */
export const assignInput = z.strictObject({
  from: z.uuid('Choose a consultant').nullable(),
  ownerId: z.uuid('Choose a consultant').nullable(),
});

export const maxStageWorkingDays = 120;
/** Admins: working days each stage usually takes (blank: no expectation, never late). */
export const stageTimesInput = z.strictObject(
  Object.fromEntries(
    applicationStatuses.map((s) => [
      s,
      z.preprocess(
        (v) => (isBlank(v) ? null : v),
        z.coerce
          .number({ error: 'Working days must be a number' })
          .int('Whole working days')
          .min(1, 'At least 1 working day')
          .max(maxStageWorkingDays, `At most ${maxStageWorkingDays} working days`)
          .nullable(),
      ),
    ]),
  ) as unknown as Record<ApplicationStatus, z.ZodType<number | null>>,
);
export type StageTimes = Record<ApplicationStatus, number | null>;

export const withdrawInput = z.strictObject({
  confirm: z.literal(true, { error: 'Confirm that you want to withdraw this application' }),
});
export const closeUnsuccessfulInput = z.strictObject({
  reason: text('Reason', maxOutcomeReasonLength),
});

export const offerTypes = ['conditional', 'unconditional'] as const;
export const visaDecisions = ['granted', 'refused'] as const;

/** A CAS number is 14 letters and digits; spaces people type are dropped. */
export const casNumber = z
  .string({ error: 'CAS number must be text' })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{14}$/, 'CAS_NUMBER_FORMAT'));

/** The UK steps after an offer; each field is set when it happens. */
export const afterOfferFields = {
  offerType: z.enum(offerTypes, { error: 'Conditional or unconditional' }).nullable(),
  conditions: z.string().trim().max(2000, 'Conditions are at most 2000 characters').nullable(),
  conditionsMetOn: day('Conditions met').nullable(),
  depositAmountGbp: z.coerce
    .number({ error: 'Deposit must be a number' })
    .int('Whole pounds')
    .min(1, 'At least £1')
    .max(100_000, 'At most £100,000')
    .nullable(),
  depositPaidOn: day('Deposit paid').nullable(),
  casNumber: casNumber.nullable(),
  casIssuedOn: day('CAS issued').nullable(),
  atasObtainedOn: day('ATAS certificate').nullable(),
  tbTestOn: day('TB test').nullable(),
  visaAppliedOn: day('Visa applied').nullable(),
  visaDecision: z.enum(visaDecisions, { error: 'Granted or refused' }).nullable(),
  visaDecidedOn: day('Visa decided').nullable(),
  arrivalDate: day('Arrival date').nullable(),
};
export type AfterOfferKey = keyof typeof afterOfferFields;
export type AfterOffer = Partial<{ [K in AfterOfferKey]: z.output<(typeof afterOfferFields)[K]> }>;

/** Who last changed a step and when (issue 25 §2): the team member's name, or the student. */
export type AfterOfferEdit = { at: string } & (
  { by: 'team'; name: string | null } | { by: 'student' }
);
export type AfterOfferEdits = Partial<Record<AfterOfferKey, AfterOfferEdit>>;

/** What the applicant sets themself; staff set everything. */
export const applicantAfterOfferKeys = [
  'depositAmountGbp',
  'depositPaidOn',
  'atasObtainedOn',
  'tbTestOn',
  'visaAppliedOn',
  'visaDecision',
  'visaDecidedOn',
  'arrivalDate',
] as const satisfies readonly AfterOfferKey[];

const blankToNull = (schema: z.ZodType) => z.preprocess((v) => (isBlank(v) ? null : v), schema);
/**
 * A save of the steps: only the steps the person changed, and the version their screen was based on
 * (issue 25 §2); a save based on an older version gets 409 with the current steps.
 */
export const afterOfferInput = z
  .strictObject({
    version: recordVersion,
    ...(Object.fromEntries(
      Object.entries(afterOfferFields).map(([k, s]) => [k, blankToNull(s).optional()]),
    ) as unknown as {
      [K in AfterOfferKey]: z.ZodOptional<z.ZodType<z.output<(typeof afterOfferFields)[K]>>>;
    }),
  })
  .refine((v) => Object.keys(v).length > 1, 'NOTHING_TO_CHANGE');
export type AfterOfferInput = z.infer<typeof afterOfferInput>;

export const optionalDayInput = optionalDay;

/* ----- answers ----- */

export interface ApplicantRequest {
  id: string;
  kind: RequestKind;
  documentKey: AnyDocumentKey | null;
  /** "Financial Evidence", or "Information". */
  label: string;
  message: string;
  dueOn: string;
  open: boolean;
  createdAt: string;
  closedAt: string | null;
  answerText: string | null;
}

export interface ConversationMessage {
  id: string;
  fromTeam: boolean;
  /** The staff member's name for the team's messages; "You" is the applicant's own. */
  author: string;
  /** For the applicant's page to word `author` in the reader's language; null on the team's side. */
  byline: { kind: 'you' } | { kind: 'team'; name: string | null } | null;
  body: string;
  at: string;
  attachment: { fileName: string; size: number; url: string } | null;
}

export interface CaseworkView {
  requests: ApplicantRequest[];
  messages: ConversationMessage[];
  /** Messages from the team the applicant has not opened yet. */
  unreadMessages: number;
  outcome: { kind: ApplicationOutcome; reason: string | null; at: string } | null;
  /** How many working days the current stage usually takes (admins set it); null when not set. */
  stageWorkingDays: number | null;
  afterOffer: AfterOfferView | null;
}

export interface AfterOfferStep {
  key: string;
  label: string;
  done: boolean;
  detail: string | null;
}

export interface AfterOfferView {
  values: AfterOffer;
  /** The version a save names (issue 25 §2). */
  version: number;
  edits: AfterOfferEdits;
  atasRequired: boolean;
  tbTestRequired: boolean;
  steps: AfterOfferStep[];
  /** The first step not done yet. */
  next: string | null;
  costs: { label: string; fact: CostFact; amountGbp: number; detail: string }[];
}

export const outcomeLabels: Record<ApplicationOutcome, string> = {
  withdrawn: 'Withdrawn',
  unsuccessful: 'Closed as unsuccessful',
};
