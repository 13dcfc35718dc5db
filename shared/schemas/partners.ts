import { z } from 'zod';
import { applicationStatuses, type ApplicationStatus } from '../application-status.ts';
import type { ChoiceReply, ChoiceState } from '../application-choices.ts';
import { bidiControlMessage, hasBidiControl } from '../text-safety.ts';
import { day, isBlank } from './form-values.ts';

/*
 * D20 (decision 0041): partner organisations, what their users see of the students they referred or
 * submitted, and commission. Money is integers in pence; rates are basis points (1 bp = 0.01%).
 */

export const commissionRateKinds = ['percent', 'fixed'] as const;
export type CommissionRateKind = (typeof commissionRateKinds)[number];
export const commissionLineStatuses = ['expected', 'invoiced', 'paid', 'cancelled'] as const;
export type CommissionLineStatus = (typeof commissionLineStatuses)[number];

/** Basis points of a whole: 10,000 = 100%. */
export const wholeBp = 10_000;

/**
 * `amount × bp / 10,000`, rounded half up to the penny (decision 0041): 0.5p and more goes up.
 * Integers only; amounts are never negative.
 */
export function shareOf(amountPence: number, bp: number): number {
  return Math.floor((amountPence * bp + wholeBp / 2) / wholeBp);
}

export interface CommissionTerms {
  kind: CommissionRateKind;
  rateBp: number | null;
  fixedPence: number | null;
}

/** The agency's commission for one student and the partner's share of it, in pence. */
export function commissionAmounts(
  tuitionPence: number,
  terms: CommissionTerms,
  partnerShareBp: number,
): { agencyPence: number; partnerPence: number } {
  const agencyPence =
    terms.kind === 'percent' ? shareOf(tuitionPence, terms.rateBp ?? 0) : (terms.fixedPence ?? 0);
  return { agencyPence, partnerPence: shareOf(agencyPence, partnerShareBp) };
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

const personName = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(200, 'Name must be at most 200 characters')
  .refine((v) => !hasBidiControl(v), bidiControlMessage('Name'))
  .default('');

const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254)
  .pipe(z.email('Enter a valid e-mail address'));

/** A partner invites a colleague to its organisation. */
export const partnerInviteInput = z.strictObject({ email, name: personName });
export type PartnerInviteInput = z.infer<typeof partnerInviteInput>;

export const partnerIdParam = z.strictObject({ id: z.uuid('Not an id') });

/** GET /api/partner/applications: a status and a search on the student's name. */
export const partnerApplicationsQuery = z.strictObject({
  status: optional(z.enum(applicationStatuses, { error: 'Unknown status' })),
  q: optional(
    z
      .string({ error: 'Search must be text' })
      .trim()
      .min(2, 'Type at least 2 characters to search')
      .max(200, 'Search must be at most 200 characters'),
  ),
});
export type PartnerApplicationsQuery = z.infer<typeof partnerApplicationsQuery>;

const basisPoints = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of basis points`)
    .min(0, `${label} must be 0 or more`)
    .max(wholeBp, `${label} must be at most 100%`);

const pence = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of pence`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000_000, `${label} is too large`);

const version = z.coerce
  .number({ error: 'Version must be a number' })
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** An admin sets a university's commission: a percentage of first-year tuition, or a fixed amount. */
export const commissionRateInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('percent'),
      rateBp: basisPoints('Rate'),
      version: version.nullable().default(null),
    }),
    z.strictObject({
      kind: z.literal('fixed'),
      fixedPence: pence('Amount'),
      version: version.nullable().default(null),
    }),
  ],
  { error: 'Kind is percent or fixed' },
);
export type CommissionRateInput = z.infer<typeof commissionRateInput>;

/** An admin sets a partner's share of the agency's commission. */
export const partnerShareInput = z.strictObject({
  shareBp: basisPoints('Share'),
  version,
});

/** An admin moves a commission line on (or corrects its tuition), naming the version they saw. */
export const commissionLineUpdate = z.strictObject({
  version,
  status: z.enum(commissionLineStatuses, { error: 'Unknown status' }).optional(),
  tuitionPence: pence('Tuition').optional(),
  intake: optional(z.string().trim().max(60, 'Intake must be at most 60 characters')),
  on: optional(day('Date')),
});
export type CommissionLineUpdate = z.infer<typeof commissionLineUpdate>;

/** The console's commission list and its CSV: by status, partner ("none": the agency's own cases) and university. */
export const commissionLineQuery = z.strictObject({
  status: z.enum(commissionLineStatuses, { error: 'Unknown status' }).optional(),
  partnerId: z.union([z.uuid('Not a partner id'), z.literal('none')]).optional(),
  universityId: z.string().trim().min(1).max(120, 'Not a university id').optional(),
});
export type CommissionLineQuery = z.infer<typeof commissionLineQuery>;

/* ----- answers ----- */

export interface PartnerChoiceView {
  universityName: string;
  programName: string | null;
  state: ChoiceState;
  reply: ChoiceReply | null;
}

/** What a partner sees of one student's application: the headline and the choices, nothing more. */
export interface PartnerApplicationView {
  id: string;
  studentName: string;
  status: ApplicationStatus;
  programName: string;
  universityName: string;
  choices: PartnerChoiceView[];
  submittedAt: string;
  lastStatusUpdate: string;
  /** The case is closed: withdrawn or unsuccessful. */
  outcome: 'withdrawn' | 'unsuccessful' | null;
}

/**
 * Where a student the partner referred has got to: referred (not yet contacted), invited (the
 * team sent the invitation to apply), applied (the student applied and agreed that the referrer
 * follows; `application` carries the status while they still agree).
 */
export const partnerReferralStates = ['referred', 'invited', 'applied'] as const;
export type PartnerReferralState = (typeof partnerReferralStates)[number];

export interface PartnerReferralView {
  id: string;
  studentName: string;
  studyInterest: string | null;
  referredAt: string;
  invitedAt: string | null;
  state: PartnerReferralState;
  application: {
    id: string;
    status: ApplicationStatus;
    outcome: 'withdrawn' | 'unsuccessful' | null;
  } | null;
}

export interface PartnerOrganisationView {
  id: string;
  name: string;
  shareBp: number;
  version: number;
  members: { id: string; name: string; email: string; hasSignedUp: boolean }[];
}

export interface CommissionLineView {
  id: string;
  applicationId: string | null;
  partner: { id: string; name: string } | null;
  studentName: string | null;
  universityId: string;
  universityName: string;
  programName: string | null;
  intake: string | null;
  tuitionPence: number;
  rate: CommissionTerms;
  shareBp: number;
  agencyPence: number;
  partnerPence: number;
  status: CommissionLineStatus;
  invoicedOn: string | null;
  paidOn: string | null;
  cancelledOn: string | null;
  createdAt: string;
  version: number;
}

/** What a partner sees of a commission line: its share, not the agency's terms. */
export type PartnerCommissionView = Pick<
  CommissionLineView,
  | 'id'
  | 'applicationId'
  | 'studentName'
  | 'universityName'
  | 'programName'
  | 'intake'
  | 'partnerPence'
  | 'status'
  | 'paidOn'
  | 'createdAt'
>;

export interface CommissionRateView extends CommissionTerms {
  universityId: string;
  universityName: string;
  version: number;
  updatedAt: string;
}

/** The track page: who follows this application (D20), and whether the student stopped it. */
export interface TrackPartnerView {
  partner: { name: string } | null;
  stoppedAt: string | null;
}
