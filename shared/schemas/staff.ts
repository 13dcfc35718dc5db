import type { ApplicationConsent, ApplicationDetails } from './application-details.ts';
import type { ChoiceView } from './choices.ts';
import { z } from 'zod';
import { code } from '../error-codes.ts';
import { isBlank } from './form-values.ts';
import { recordVersion } from './record-version.ts';
import type { ErasureChannel } from './personal-data.ts';
import type { ReferralCasework } from './leads.ts';
import { applicationStatuses, type ApplicationStatus } from '../application-status.ts';
import {
  contactRequestStatuses,
  type ContactRequestStatus,
  type StaffRole,
} from '../staff-workflow.ts';
import { studyLevels } from './catalogue.ts';
import type { DocumentState } from './application.ts';
import type { ApplicantRequest, CaseworkView, ConversationMessage } from './casework.ts';
import { bidiControlMessage, hasBidiControl } from '../text-safety.ts';
import { choiceQueueFilters } from '../application-choices.ts';

export const queueSorts = ['submitted', 'name', 'status'] as const;
export type QueueSort = (typeof queueSorts)[number];
export const queuePageSizes = [10, 25, 50, 100] as const;
/** Offset pages stop here: past it a consultant narrows the search instead of paging on. */
export const maxQueueOffset = 10_000;
export const maxSearchLength = 200;
export const maxNoteLength = 2000;

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

const pageNumber = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(100_000, 'Page is too large');

const idText = (label: string) =>
  z.string().trim().max(120, `${label} must be at most 120 characters`);

const searchText = optional(
  z
    .string({ error: 'Search must be text' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(maxSearchLength, `Search must be at most ${maxSearchLength} characters`),
);
/** The queue's search box: the rule of `q` in queueQuery, checked before the address changes. */
export const queueSearchInput = z.strictObject({ q: searchText });

/** GET /api/staff/applications: every filter optional; unknown parameters are refused. */
export const queueQuery = z
  .strictObject({
    q: searchText,
    status: optional(z.enum(applicationStatuses, { error: 'Unknown status' })),
    universityId: optional(idText('University')),
    programId: optional(idText('Program')),
    level: optional(z.enum(studyLevels, { error: 'Unknown level' })),
    from: optional(dayText('From')),
    to: optional(dayText('To')),
    /** "me" (my cases), "none" (unassigned) or a staff member's id. */
    owner: optional(
      z.union([z.enum(['me', 'none']), z.uuid('Unknown owner')], {
        error: 'Owner is me, none or a staff id',
      }),
    ),
    late: optional(z.enum(['1'], { error: 'Late is 1' })),
    /** Open requests to the applicant: any, or past their due date. */
    action: optional(z.enum(['required', 'overdue'], { error: 'Action is required or overdue' })),
    /** D18: a choice sent and awaiting the university's decision, or an offer awaiting the student's reply. */
    choice: optional(
      z.enum(choiceQueueFilters, { error: 'Choice is awaiting_decision or offer_awaiting_reply' }),
    ),
    /** Cases kept after their applicant asked for erasure (D16). */
    erasure: optional(z.enum(['requested'], { error: 'Erasure is requested' })),
    sort: z.enum(queueSorts, { error: 'Sort by submitted, name or status' }).default('submitted'),
    dir: z.enum(['asc', 'desc'], { error: 'Direction is asc or desc' }).optional(),
    page: pageNumber.default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .refine(
        (n) => (queuePageSizes as readonly number[]).includes(n),
        `Page size is one of ${queuePageSizes.join(', ')}`,
      )
      .default(25),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'To must be on or after From',
  })
  .refine((v) => (v.page - 1) * v.pageSize < maxQueueOffset, {
    path: ['page'],
    message: `Only the first ${maxQueueOffset.toLocaleString('en-GB')} results can be paged through: narrow the search`,
  });
export type QueueQuery = z.infer<typeof queueQuery>;

const note = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(maxNoteLength, `Note must be at most ${maxNoteLength} characters`);

/**
 * The one status change (form, route and `changeStatus` share its note limit). `from` is the status
 * the consultant saw: a stale page or a replayed click cannot move it twice.
 */
export const statusChangeInput = z.strictObject({
  from: z.enum(applicationStatuses, { error: 'From must be a status' }),
  to: z.enum(applicationStatuses, { error: 'To must be a status' }),
  note: optional(note),
});
export type StatusChangeInput = z.infer<typeof statusChangeInput>;

export const noteInput = z.strictObject({
  body: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(maxNoteLength, `Note must be at most ${maxNoteLength} characters`),
});

export const contactRequestUpdate = z.strictObject({
  status: z.enum(['contacted', 'closed'], { error: 'Status is contacted or closed' }),
  /** The status the person saw (issue 25 §2): a colleague's mark meanwhile answers 409. */
  from: z.enum(contactRequestStatuses, { error: code('VERSION_REQUIRED') }),
  note: optional(note),
});

export const contactRequestQuery = z.strictObject({
  status: optional(z.enum(contactRequestStatuses, { error: 'Unknown status' })),
  page: pageNumber.max(1000, 'Page is too large').default(1),
});

export const inviteInput = z.strictObject({
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .max(254)
    .pipe(z.email('Enter a valid e-mail address')),
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(200, 'Name must be at most 200 characters')
    .refine((v) => !hasBidiControl(v), bidiControlMessage('Name'))
    .default(''),
  role: z
    .enum(['consultant', 'catalogue_editor', 'admin'], {
      error: 'Role is consultant, catalogue editor or admin',
    })
    .default('consultant'),
});
export type InviteInput = z.infer<typeof inviteInput>;

const teamRole = z.enum(['applicant', 'consultant', 'catalogue_editor', 'admin'], {
  error: 'Role is applicant, consultant, catalogue editor or admin',
});
/** `from`: the role the admin saw (issue 25 §2); another admin's change meanwhile answers 409. */
export const roleChangeInput = z.strictObject({ from: teamRole, role: teamRole });

export const auditQuery = z.strictObject({
  action: optional(z.string().trim().max(60)),
  page: pageNumber.max(1000, 'Page is too large').default(1),
});

/* ----- answers ----- */

export interface StaffPerson {
  id: string;
  name: string;
}

export interface QueueItem {
  id: string;
  fullName: string;
  email: string;
  status: ApplicationStatus;
  ownerId: string | null;
  /** Past the stage's expected time. */
  late: boolean;
  /** The earliest due date of open requests to the applicant; null when nothing is asked. */
  requestDueOn: string | null;
  outcome: 'withdrawn' | 'unsuccessful' | null;
  /** The applicant asked for their data to be erased while the case was active (D16). */
  erasureRequested: boolean;
  programName: string;
  programLevel: string;
  universityName: string;
  submittedAt: string;
  lastStatusUpdate: string;
}

export interface QueuePage {
  items: QueueItem[];
  page: number;
  pageSize: number;
  /** Matching applications (with the status filter). */
  total: number;
  /** Matching applications per status, ignoring the status filter, so the chart shows the whole picture. */
  statusCounts: Record<ApplicationStatus, number>;
  /** Under the same filters: late cases, cases waiting on the applicant, and those past the due date. */
  flagCounts: { late: number; actionRequired: number; overdue: number; erasureRequested: number };
}

/** One stored version of a document: who sent it and when, and what staff decided on it. */
export interface StaffDocumentVersion {
  id: string;
  version: number;
  originalName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  state: DocumentState;
  rejectionReason: string | null;
  reviewedAt: string | null;
  reviewedBy: StaffPerson | null;
  /** Staff only: this exact version (the current one also opens at `url`). */
  url: string;
}

/** A document as staff see it: its current version, with every version kept, newest first. */
export interface StaffDocument {
  id: string;
  key: string;
  /** Its place among the files of its slot (issue 25 §3). */
  part: number;
  label: string;
  originalName: string;
  contentType: string;
  size: number;
  url: string;
  version: number;
  state: DocumentState;
  rejectionReason: string | null;
  /** Bumped by each review of the current version (issue 25 §2). */
  reviewVersion: number;
  versions: StaffDocumentVersion[];
}

/** A document review as it is now: a 409's `current` when a colleague reviewed it meanwhile. */
export interface StoredDocumentReview {
  reviewVersion: number;
  state: DocumentState;
  rejectionReason: string | null;
  reviewedBy: string | null;
}

export const maxRejectionReasonLength = 500;

/** Staff decide on the current version they saw: a newer upload meanwhile answers 409. */
export const documentReviewInput = z
  .strictObject({
    version: z.number({ error: 'Version must be a number' }).int().min(1).max(10_000),
    /** The review the reviewer saw (issue 25 §2): a colleague's review meanwhile answers 409. */
    reviewVersion: recordVersion,
    state: z.enum(['verified', 'rejected'], { error: 'Choose verified or rejected' }),
    reason: optional(
      z
        .string({ error: 'Reason must be text' })
        .trim()
        .max(
          maxRejectionReasonLength,
          `Reason must be at most ${maxRejectionReasonLength} characters`,
        ),
    ),
  })
  .refine((v) => v.state !== 'rejected' || Boolean(v.reason), {
    path: ['reason'],
    message: code('REJECTION_REASON_REQUIRED'),
  });
export type DocumentReviewInput = z.infer<typeof documentReviewInput>;

export const documentVersionParams = z.strictObject({
  id: z.uuid('Not an application id'),
  documentId: z.uuid('Not a document id'),
});

export interface StatusHistoryEntry {
  id: number;
  fromStatus: ApplicationStatus | null;
  status: ApplicationStatus;
  note: string | null;
  at: string;
  by: StaffPerson | null;
}

export interface InternalNote {
  id: string;
  body: string;
  at: string;
  by: StaffPerson | null;
}

export interface StaffApplication {
  id: string;
  userId: string | null;
  fullName: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  passportNumber: string;
  nationality: string;
  residencyCountry: string;
  englishLevel: string;
  hasCertification: boolean;
  plannedTestDate: string | null;
  status: ApplicationStatus;
  programId: string;
  programName: string;
  programLevel: string;
  universityId: string;
  universityName: string;
  selectedUniversities: string[];
  submittedAt: string;
  lastStatusUpdate: string;
  /** Issue 25 §3: null for applications sent before it. */
  details: ApplicationDetails | null;
  consent: ApplicationConsent | null;
  /** The program's IELTS requirement (from the catalogue), to compare with the test's scores. */
  englishRequirement: { overall: number; part: number } | null;
}

export interface StaffRequest extends ApplicantRequest {
  overdue: boolean;
  by: StaffPerson | null;
}

/** Casework as staff see it (issue 12): owner, stage clock, requests, the conversation, outcome, after-offer steps. */
export interface StaffCasework {
  owner: StaffPerson | null;
  stageDueAt: string | null;
  late: boolean;
  requests: StaffRequest[];
  messages: ConversationMessage[];
  /** Applicant messages the team has not read. */
  unreadMessages: number;
  outcome: CaseworkView['outcome'];
  afterOffer: CaseworkView['afterOffer'];
  /** The applicant asked for their data to be erased while the case was active (D16); null: nobody asked. */
  erasureRequest: StaffErasureRequest | null;
}

export interface StaffErasureRequest {
  requestedAt: string;
  /** They deleted their account, or an admin recorded a request received by e-mail. */
  via: ErasureChannel;
  /** The case is erased this many months after it closes. */
  retentionMonths: number;
  /** The day it is erased, once it has closed; null while it is open. */
  erasedOn: string | null;
}

export interface StaffApplicationDetail {
  application: StaffApplication;
  /** D18: each university with its facts, timeline (who did what) and actions' version. */
  choices: ChoiceView[];
  documents: StaffDocument[];
  history: StatusHistoryEntry[];
  notes: InternalNote[];
  casework: StaffCasework;
}

export interface ContactRequestSummary {
  id: string;
  type: 'referral' | 'partnership';
  name: string;
  businessName: string | null;
  /** ISO code, and the country's name as the inbox shows it. */
  country: string;
  countryName: string;
  phone: string;
  email: string;
  /** The student a referral is about (referrals from before this field have none). */
  student: {
    name: string;
    email: string | null;
    phone: string | null;
    studyInterest: string | null;
  } | null;
  status: ContactRequestStatus;
  createdAt: string;
  handledAt: string | null;
  handledBy: StaffPerson | null;
}

export interface ContactRequestEvent {
  id: number;
  status: ContactRequestStatus;
  note: string | null;
  at: string;
  by: StaffPerson | null;
}

export interface ContactRequestDetail extends ContactRequestSummary {
  history: ContactRequestEvent[];
  /** A referral's way to a case (issue 28): replies, the invitation, the applications it became. */
  casework: ReferralCasework | null;
}

export interface ContactRequestPage {
  items: ContactRequestSummary[];
  page: number;
  pageSize: number;
  total: number;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  /** An applicant here is former staff (changed to applicant, or demoted then deactivated): restorable. */
  role: StaffRole | 'applicant';
  /** False until the invitee has set a password. */
  hasSignedUp: boolean;
  deactivatedAt: string | null;
  createdAt: string;
}

export interface AuditEntry {
  id: number;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
  at: string;
  actor: StaffPerson | null;
}

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
}
