import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/locales.ts';
import type { ApplicationDetails } from '../../../shared/schemas/application-details.ts';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import {
  documentStates,
  englishLevels,
  type AnyDocumentKey,
  type DocumentState,
  type EnglishLevel,
} from '../../../shared/schemas/application.ts';
import type {
  AfterOffer,
  AfterOfferEdits,
  ApplicationOutcome,
} from '../../../shared/schemas/casework.ts';
import { erasureChannels, type ErasureChannel } from '../../../shared/schemas/personal-data.ts';
import { users } from './auth.ts';
import { programs, universities } from './catalogue.ts';
import { partnerOrganisations } from './partners.ts';
import { referrals } from './referrals.ts';
import {
  applicationSourceKinds,
  type ApplicationSourceKind,
} from '../../../shared/application-source.ts';

const statusList = sql.raw(applicationStatuses.map((s) => `'${s}'`).join(', '));

/**
 * One application record (D2). The dashboard shape of the spec is a view of this row, its status
 * events and its documents. Program and university names are kept as they were when submitted.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Encrypted at rest (server/lib/field-cipher.ts); shown to staff on request, audited. */
    passportNumber: text('passport_number').notNull(),
    /** The last few characters, for the masked view (•••••5678) without decrypting. */
    passportHint: text('passport_hint').notNull().default(''),
    nationality: text('nationality').notNull(),
    /** The language the applicant used when submitting (shared/locales.ts): every e-mail about it is written in it. */
    language: text('language').$type<Locale>().notNull().default('en'),
    residencyCountry: text('residency_country').notNull(),
    englishLevel: text('english_level').$type<EnglishLevel>().notNull(),
    hasCertification: boolean('has_certification').notNull(),
    plannedTestDate: date('planned_test_date', { mode: 'string' }),
    /**
     * Issue 25 §3: education, the English test and its scores, referees, work experience and the
     * statement's text, as checked by shared/schemas/application-details.ts. Null: sent before it.
     */
    details: jsonb('details').$type<ApplicationDetails>(),
    /** When the applicant agreed to share the application with the chosen universities, and to which wording. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    status: text('status').$type<ApplicationStatus>().notNull().default('submitted'),
    programId: text('program_id')
      .notNull()
      .references(() => programs.id),
    programName: text('program_name').notNull(),
    programLevel: text('program_level').notNull(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id),
    universityName: text('university_name').notNull(),
    /** The universities picked on /universities, in pick order. */
    pickedUniversityIds: text('picked_university_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A replayed submission (same Idempotency-Key) finds this row instead of creating another. */
    idempotencyKey: uuid('idempotency_key').unique('applications_idempotency_key_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusUpdate: timestamp('last_status_update', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Tracking links and stream tokens issued before this no longer work (finding 11). */
    trackingRevokedAt: timestamp('tracking_revoked_at', { withTimezone: true }),
    /** The consultant who owns the case (issue 12, item 4); null while unassigned. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the current stage should be over (admins' working days per stage); null when no time is set or the case is finished. */
    stageDueAt: timestamp('stage_due_at', { withTimezone: true }),
    /** The earliest due date of the open requests to the applicant; null when nothing is asked ("action required"). */
    requestDueOn: date('request_due_on', { mode: 'string' }),
    /** Final: withdrawn by the applicant or closed as unsuccessful by staff (with a reason). */
    outcome: text('outcome').$type<ApplicationOutcome>(),
    outcomeReason: text('outcome_reason'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    /** The conversation read up to here by the applicant, and by the team (unread counts). */
    applicantReadAt: timestamp('applicant_read_at', { withTimezone: true }),
    teamReadAt: timestamp('team_read_at', { withTimezone: true }),
    /**
     * D18's queue filters, kept in step with the choices in the transaction of every choice change
     * (server/modules/choices/service.ts): a choice sent and not yet decided; an offer the student
     * has not answered. Flags, not a join: the queue stays under 50 ms at 100,000 applications.
     */
    awaitingDecision: boolean('awaiting_decision').notNull().default(false),
    offerAwaitingReply: boolean('offer_awaiting_reply').notNull().default(false),
    /** The UK steps after an offer (issue 12, item 6), checked by shared/schemas/casework.ts. */
    afterOffer: jsonb('after_offer').$type<AfterOffer>().notNull().default({}),
    /** Issue 25 §2: bumped by each save of the steps; a save based on an older one gets 409. */
    afterOfferVersion: integer('after_offer_version').notNull().default(1),
    /** Who last changed each step and when, so a person editing it sees "changed by X just now". */
    afterOfferEdits: jsonb('after_offer_edits').$type<AfterOfferEdits>().notNull().default({}),
    /**
     * The person asked for their data to be erased while this case was active (D16): the case is
     * kept for the contract and legal duties, without its conversation, until CASE_RETENTION_MONTHS
     * after it closes (outcome_at); then the daily job erases it. Null: nobody asked.
     */
    erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
    /** How they asked: by deleting their account, or by e-mail to an admin. */
    erasureRequestedVia: text('erasure_requested_via').$type<ErasureChannel>(),
    /**
     * Where the case came from (issue 28, D20): 'direct' (the public form), 'referral' (an invitation
     * sent from a referral: source_referral_id), 'partner' (a partner's submission; its column is the
     * partners' work), 'booking' (after a consultation). The funnel counts by it.
     */
    sourceKind: text('source_kind').$type<ApplicationSourceKind>().notNull().default('direct'),
    sourceReferralId: uuid('source_referral_id').references(() => referrals.id, {
      onDelete: 'set null',
    }),
    /** The student agreed at submission that the referrer may follow their progress (name and stage only). */
    referrerMayFollow: boolean('referrer_may_follow').notNull().default(false),
    sourcePartnerId: uuid('source_partner_id').references(() => partnerOrganisations.id, {
      onDelete: 'set null',
    }),
    /** The student stopped the partner following the application (D20): the partner no longer sees it. */
    partnerStoppedAt: timestamp('partner_stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('applications_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    // the queue's counts per status under an owner filter (unassigned, my cases), index-only
    index('applications_owner_status_idx').on(t.ownerId, t.status),
    index('applications_stage_due_idx')
      .on(t.stageDueAt)
      .where(sql`${t.stageDueAt} is not null`),
    // the funnel's cases over their stage's time limit (decision 0049): index-only, open cases only
    index('applications_overdue_idx')
      .on(t.stageDueAt, t.status)
      .where(sql`${t.stageDueAt} is not null and ${t.outcome} is null`),
    index('applications_request_due_idx')
      .on(t.requestDueOn)
      .where(sql`${t.requestDueOn} is not null`),
    check(
      'applications_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('withdrawn', 'unsuccessful')`,
    ),
    index('applications_source_partner_idx')
      .on(t.sourcePartnerId, t.createdAt.desc())
      .where(sql`${t.sourcePartnerId} is not null`),
    index('applications_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('applications_email_lower_idx').on(sql`lower(${t.email})`),
    check('applications_status_check', sql`${t.status} in (${statusList})`),
    // the queue's choice filters (D18): newest first, and their counts per status index-only
    index('applications_awaiting_decision_idx')
      .on(t.createdAt.desc(), t.status)
      .where(sql`${t.awaitingDecision}`),
    index('applications_offer_awaiting_reply_idx')
      .on(t.createdAt.desc(), t.status)
      .where(sql`${t.offerAwaitingReply}`),
    // the kept cases the retention job looks at, and the queue's "erasure requested" filter
    index('applications_erasure_requested_idx')
      .on(t.outcomeAt)
      .where(sql`${t.erasureRequestedAt} is not null`),
    check(
      'applications_erasure_requested_via_check',
      sql.raw(
        `(erasure_requested_at is null) = (erasure_requested_via is null) and (erasure_requested_via is null or erasure_requested_via in (${erasureChannels.map((c) => `'${c}'`).join(', ')}))`,
      ),
    ),
    check(
      'applications_source_kind_check',
      sql.raw(`source_kind in (${applicationSourceKinds.map((s) => `'${s}'`).join(', ')})`),
    ),
    index('applications_source_referral_idx')
      .on(t.sourceReferralId)
      .where(sql`${t.sourceReferralId} is not null`),
    // the funnel (bench/funnel.ts): one index-only pass over a date range with what it groups by
    index('applications_funnel_idx').on(
      t.createdAt,
      t.sourceKind,
      t.status,
      t.ownerId,
      t.universityId,
    ),
    check(
      'applications_english_level_check',
      sql.raw(`english_level in (${englishLevels.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** The status history: the first entry is "submitted"; who changed it is null for the applicant. */
export const applicationStatusEvents = pgTable(
  'application_status_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ApplicationStatus>(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the next status replaced this one (null: the current status): the funnel's time in status. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('application_status_events_application_idx').on(t.applicationId, t.createdAt),
    index('application_status_events_funnel_idx')
      .on(t.createdAt, t.status, t.endedAt)
      .where(sql`${t.endedAt} is not null`),
  ],
);

export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id')
      .default(sql`pg_catalog.gen_random_uuid()`)
      .primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    key: text('key').$type<AnyDocumentKey>().notNull(),
    /** Issue 25 §3: the file's place among the files of its slot (a transcript 1, a degree certificate 2). */
    part: integer('part').notNull().default(1),
    /** The storage driver's name for the file; never the applicant's file name. */
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 for the file sent with the application; each re-upload adds the next version (all are kept). */
    version: integer('version').notNull().default(1),
    /** Set by staff on each version: received until checked, then verified or rejected with a reason. */
    state: text('state').$type<DocumentState>().notNull().default('received'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Issue 25 §2: bumped by each review of this version; a review based on an older one gets 409. */
    reviewVersion: integer('review_version').notNull().default(1),
  },
  (t) => [
    unique('application_documents_application_key_part_version_unique').on(
      t.applicationId,
      t.key,
      t.part,
      t.version,
    ),
    check('application_documents_part_check', sql`${t.part} between 1 and 9`),
    check(
      'application_documents_state_check',
      sql.raw(`state in (${documentStates.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);
