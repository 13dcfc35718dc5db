import { z } from 'zod';
import { applicationStatuses, type ApplicationStatus } from '../application-status.ts';
import { applicationSourceKinds, type ApplicationSourceKind } from '../application-source.ts';
import { code } from '../error-codes.ts';
import { leadKinds, leadStages, type LeadKind, type LeadStage } from '../leads.ts';
import type { Locale } from '../locales.ts';
import { isBlank } from './form-values.ts';

/**
 * Issue 28 §1 and §4 (D20): a referral answered and turned into an invitation to apply, leads, and
 * the funnel. One file for the schemas the console's forms and the routes share.
 */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());

const dayText = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2025-06-01`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} must be a real date`);

export const maxReplyLength = 5000;

/** A reply to the referrer, written in the console and sent by e-mail. */
export const referralReplyInput = z.strictObject({
  body: z
    .string({ error: 'Reply is required' })
    .trim()
    .min(1, 'Reply is required')
    .max(maxReplyLength, `Reply must be at most ${maxReplyLength} characters`),
});
export type ReferralReplyInput = z.infer<typeof referralReplyInput>;

/** The invitation to apply: an optional personal line added to the e-mail's own words. */
export const referralInviteInput = z.strictObject({
  note: optional(
    z
      .string({ error: 'Note must be text' })
      .trim()
      .max(1000, 'Note must be at most 1000 characters'),
  ),
});
export type ReferralInviteInput = z.infer<typeof referralInviteInput>;

/** The secret of an invitation link (from the URL fragment), redeemed by POST. */
export const invitationToken = z
  .string({ error: code('INVITATION_NOT_FOUND') })
  .regex(/^[A-Za-z0-9_-]{32,64}$/, code('INVITATION_NOT_FOUND'));
export const invitationOpenInput = z.strictObject({ token: invitationToken });

/** What the application form is filled in with from an invitation (answered no-store). */
export interface InvitationPrefill {
  fullName: string;
  email: string;
  phone: string | null;
  language: Locale | null;
  studyInterest: string | null;
}

export interface ReferralMessageView {
  id: number;
  kind: 'reply' | 'invitation';
  body: string;
  at: string;
  by: { id: string; name: string } | null;
}

/** A referral's way to a case, on its console page. */
export interface ReferralCasework {
  studentLanguage: Locale | null;
  invitedAt: string | null;
  messages: ReferralMessageView[];
  /** The applications made from its invitation, with their status now. */
  applications: {
    id: string;
    fullName: string;
    status: ApplicationStatus;
    createdAt: string;
    referrerMayFollow: boolean;
  }[];
  referrerToldContactedAt: string | null;
  referrerToldAppliedAt: string | null;
}

// ---- leads ----

export const maxCloseReasonLength = 500;

export const leadQuery = z.strictObject({
  kind: optional(z.enum(leadKinds, { error: 'Unknown kind' })),
  stage: optional(z.enum(leadStages, { error: 'Unknown stage' })),
  /** "me", "none" (unowned) or a staff member's id. */
  owner: optional(
    z.union([z.enum(['me', 'none']), z.uuid('Unknown owner')], {
      error: 'Owner is me, none or a staff id',
    }),
  ),
  /** Follow-up due today or earlier. */
  due: optional(z.enum(['1'], { error: 'Due is 1' })),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1000, 'Page is too large')
    .default(1),
});
export type LeadQuery = z.infer<typeof leadQuery>;

export const leadParams = z.strictObject({
  kind: z.enum(leadKinds, { error: 'Unknown kind' }),
  id: z.uuid('Not a lead id'),
});

/** One save of a lead: every field as the form shows it, and the version it was read at. */
export const leadUpdateInput = z
  .strictObject({
    version: z.number({ error: 'Version is required' }).int().min(0).max(1_000_000),
    ownerId: z.uuid('Unknown owner').nullable(),
    stage: z.enum(leadStages, { error: 'Unknown stage' }),
    closedReason: z.preprocess(
      (v) => (isBlank(v) ? null : v),
      z
        .string({ error: 'Reason must be text' })
        .trim()
        .max(maxCloseReasonLength, `Reason must be at most ${maxCloseReasonLength} characters`)
        .nullable(),
    ),
    followUpOn: z.preprocess((v) => (isBlank(v) ? null : v), dayText('Follow-up').nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.stage === 'closed' && !v.closedReason)
      ctx.addIssue({
        code: 'custom',
        path: ['closedReason'],
        message: code('LEAD_CLOSE_REASON_REQUIRED'),
      });
  })
  .transform((v) => ({ ...v, closedReason: v.stage === 'closed' ? v.closedReason : null }));
export type LeadUpdateInput = z.infer<typeof leadUpdateInput>;

export interface LeadView {
  kind: LeadKind;
  /** The referral's, partnership request's, booking's or saved guidance's id. */
  id: string;
  /** Who the lead is about: the student (referral, booking, guidance) or the business. */
  name: string;
  email: string | null;
  /** What it is about: study interest, business name, booking topic, guidance's top subject. */
  detail: string | null;
  createdAt: string;
  owner: { id: string; name: string } | null;
  stage: LeadStage;
  closedReason: string | null;
  followUpOn: string | null;
  /** 0 while the team has not touched it. */
  version: number;
  updatedAt: string | null;
}

export interface LeadPage {
  items: LeadView[];
  page: number;
  pageSize: number;
  total: number;
}

// ---- funnel ----

export const funnelQuery = z
  .strictObject({
    from: dayText('From'),
    to: dayText('To'),
    format: optional(z.enum(['csv'], { error: 'Format is csv' })),
  })
  .refine(
    (v) =>
      v.from <= v.to &&
      new Date(`${v.to}T00:00:00Z`).getTime() - new Date(`${v.from}T00:00:00Z`).getTime() <=
        3 * 366 * 86_400_000,
    { path: ['to'], message: code('FUNNEL_RANGE_INVALID') },
  );
export type FunnelQuery = z.infer<typeof funnelQuery>;

export const funnelSteps = [
  'guidance',
  'bookings',
  'referrals',
  'applications',
  'reviewed',
  'sent',
  'offers',
  'accepted',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/** The steps counted on applications: each reached when its status is at least this one. */
export const applicationSteps = ['applications', 'reviewed', 'sent', 'offers', 'accepted'] as const;

/** One row of a breakdown: the applications' steps of one source, consultant or university. */
export interface FunnelBreakdownRow {
  key: string;
  label: string;
  applications: number;
  reviewed: number;
  sent: number;
  offers: number;
  accepted: number;
}

export interface FunnelReport {
  from: string;
  to: string;
  steps: { step: FunnelStep; count: number; conversion: number | null }[];
  bySource: (FunnelBreakdownRow & { key: ApplicationSourceKind })[];
  byConsultant: FunnelBreakdownRow[];
  byUniversity: FunnelBreakdownRow[];
  /** Median time spent in each status (hours), over the statuses that ended in the range. */
  timeInStatus: { status: ApplicationStatus; medianHours: number | null; count: number }[];
  /** Open cases past their stage's time limit now, per status. */
  overdue: { status: ApplicationStatus; count: number }[];
}

export { applicationSourceKinds, applicationStatuses };
