import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationInput,
  type ApplicationInput,
  type ApplicationView,
} from '../../../shared/schemas/application.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { checkCatalogueChoice, type CatalogueChoice } from './catalogue-check.ts';
import { confirmationMail, trackingLink } from './emails.ts';
import { noticeOfApplication } from '../notices/team-notices.ts';
import { receiveSubmission, removeFiles, type ReceivedFile } from './intake.ts';
import { publishApplicationChange } from './live.ts';
import * as repo from './repository.ts';
import { findInvitedReferral, recordReferralApplication } from '../leads/referral-casework.ts';
import { setStageDue } from '../casework/owners.ts';
import { clearPending, markPending } from '../documents/orphans.ts';
import { passportHint, toApplicationView } from './views.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { FieldCipher } from '../../lib/field-cipher.ts';
import { insertFirstChoices } from '../choices/repository.ts';
import { deleteOwnDraft } from '../drafts/service.ts';
import { detailLimits } from '../../../shared/schemas/application-details.ts';

/**
 * The longest multipart field of the application form: the education list as JSON, or the
 * statement's 4,000 characters in a script of 3-byte characters, with room to spare.
 */
const applicationFieldBytes = 48 * 1024;

export { changeStatus, type StatusChange } from './status.ts';

export interface Submission {
  userId: string | null;
  /** The language the form was filled in: the application keeps it for its e-mails (issue 14). */
  language: Locale;
  idempotencyKey: string | null;
  /** Runs once the fields are valid, before any file is stored (the form limits, finding 4). */
  beforeStoring?: (input: ApplicationInput) => Promise<void>;
  /** Where it came from (issue 28): a partner submitting for a student. Null: the student themself. */
  source?: { kind: 'partner'; partnerId: string } | null;
}

export { applicationNotFound };

/**
 * Reads the multipart form, stores its files and creates the application with its first status
 * entry in one transaction. Files are removed when anything fails, and when the idempotency key
 * turns out to be taken (a replay, possibly still in flight when this one started).
 */
export async function submitApplication(
  app: FastifyInstance,
  req: FastifyRequest,
  { userId, language, idempotencyKey, beforeStoring, source = null }: Submission,
): Promise<{ id: string; replayed: boolean }> {
  if (idempotencyKey) {
    const existing = await repo.findIdByIdempotencyKey(app.db, idempotencyKey);
    if (existing) {
      req.raw.resume();
      return { id: existing, replayed: true };
    }
  }

  let choice: CatalogueChoice | undefined;
  let referral: Awaited<ReturnType<typeof findInvitedReferral>>;
  const { input, files } = await receiveSubmission(req, {
    storage: app.storage,
    maxFileBytes: app.config.uploads.maxFileBytes,
    maxTotalBytes: app.config.uploads.maxApplicationBytes,
    beforeWrite: (key) => markPending(app.db, [key]),
    filesPerKey: detailLimits.filesPerSlot,
    fieldBytes: applicationFieldBytes,
    async validate(fields) {
      const parsed = parseInput(applicationInput, fields);
      choice = await checkCatalogueChoice(app.db, parsed);
      // an invitation no longer valid (replaced by a newer one) is no reason to lose the form: the
      // application goes in as a direct one
      referral = parsed.invitation
        ? await findInvitedReferral(app.db, parsed.invitation)
        : undefined;
      await beforeStoring?.(parsed);
      return parsed;
    },
    accepts: (key, parsed) =>
      key === 'certification' && !parsed.hasCertification
        ? 'Attach a certification only when you answer yes to having one'
        : null,
  });

  let created: string | null;
  const id = randomUUID();
  try {
    created = await app.db.transaction(async (tx) => {
      const inserted = await repo.insertApplication(tx, {
        ...toRow(id, input, choice!, userId, language, idempotencyKey, app.fieldCipher),
        ...(source ? { sourceKind: source.kind, sourcePartnerId: source.partnerId } : {}),
        ...(referral
          ? {
              sourceKind: 'referral' as const,
              sourceReferralId: referral.id,
              referrerMayFollow: input.referrerMayFollow,
              // a partner's referral: the partner is its source (commission), and follows it
              // while the student agrees (partners/repository.ts visibleTo)
              sourcePartnerId: referral.partnerId,
            }
          : {}),
      });
      if (!inserted) return null;
      await repo.insertStatusEvent(tx, {
        applicationId: id,
        status: 'submitted',
        fromStatus: null,
        note: null,
      });
      await setStageDue(tx, id, 'submitted', new Date());
      await insertFirstChoices(tx, id, {
        program: { id: input.programId, name: choice!.programName },
        university: { id: input.universityId, name: choice!.universityName },
        picked: choice!.picked,
      });
      await repo.insertDocuments(
        tx,
        files.map((file) => toDocumentRow(id, file)),
      );
      await clearPending(
        tx,
        files.map((file) => file.stored.key),
      );
      // the account's draft of the form is sent now (issue 25 §1)
      if (userId) await deleteOwnDraft(tx, userId);
      await publishApplicationChange(tx, id, userId);
      const applicant = {
        id,
        email: input.email,
        fullName: input.fullName,
        programName: choice!.programName,
        universityName: choice!.universityName,
        language,
      };
      const link = trackingLink(
        app.config.publicUrl,
        app.trackingTokens.issue('track', id, undefined, { mailed: true }),
      );
      await app.mailer.enqueue(
        tx,
        confirmationMail(
          applicant,
          link,
          Math.round(app.config.tracking.ttlSeconds / 86_400),
          userId !== null,
        ),
      );
      await noticeOfApplication(app, tx, { ...applicant, userId, nationality: input.nationality });
      if (referral) await recordReferralApplication(app, tx, referral, input.referrerMayFollow);
      return inserted;
    });
  } catch (error) {
    await removeFiles(app.storage, files);
    throw error;
  }

  if (!created) {
    await removeFiles(app.storage, files);
    const existing = await repo.findIdByIdempotencyKey(app.db, idempotencyKey!);
    if (!existing) throw new Error('idempotency key conflict without a row');
    return { id: existing, replayed: true };
  }

  return { id, replayed: false };
}

function toRow(
  id: string,
  input: ApplicationInput,
  choice: CatalogueChoice,
  userId: string | null,
  language: Locale,
  idempotencyKey: string | null,
  cipher: FieldCipher,
): repo.NewApplicationRow {
  return {
    id,
    userId,
    fullName: input.fullName,
    dateOfBirth: input.dateOfBirth,
    email: input.email,
    phone: input.phone,
    passportNumber: cipher.encrypt(input.passportNumber),
    passportHint: passportHint(input.passportNumber),
    nationality: input.nationality,
    language,
    residencyCountry: input.residencyCountry,
    englishLevel: input.englishLevel,
    hasCertification: input.hasCertification,
    plannedTestDate: input.plannedTestDate,
    details: {
      education: input.education,
      englishTest: input.englishTest,
      referees: input.referees,
      workExperience: input.workExperience,
      personalStatementText: input.personalStatementText ?? null,
    },
    consentAt: new Date(),
    consentVersion: input.consentVersion,
    status: 'submitted',
    programId: input.programId,
    programName: choice.programName,
    programLevel: choice.programLevel,
    universityId: input.universityId,
    universityName: choice.universityName,
    pickedUniversityIds: input.universityIds,
    idempotencyKey,
  };
}

function toDocumentRow(applicationId: string, file: ReceivedFile): repo.NewDocumentRow {
  return {
    applicationId,
    // the application form takes its five documents only (receiveSubmission's default keys)
    key: file.key as repo.NewDocumentRow['key'],
    part: file.part,
    storageKey: file.stored.key,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.stored.size,
    sha256: file.stored.sha256,
  };
}

/** The signed-in user's own applications, newest first (spec 7: filtered by owner). */
export async function listOwnApplications(
  app: FastifyInstance,
  userId: string,
): Promise<ApplicationView[]> {
  return (await repo.findApplicationsOfOwner(app.db, userId)).map(toApplicationView);
}

/** One application of its owner; anyone else gets the same 404 as for an unknown id. */
export async function getOwnApplication(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<ApplicationView> {
  const record = await repo.findApplicationRecord(app.db, id);
  if (!record || record.userId !== userId) throw applicationNotFound();
  return toApplicationView(record);
}

/**
 * D2: an application submitted signed out joins an account only on proof that its holder reads
 * the inbox it was sent with. This one: its id, given while signed in with that confirmed
 * address. Anything else (unknown id, another address, unconfirmed, someone else's) gets the
 * same 404.
 */
export async function addApplicationById(
  app: FastifyInstance,
  user: { id: string; email: string; emailVerified: boolean },
  id: string,
): Promise<ApplicationView> {
  const claimed = await app.db.transaction(async (tx) => {
    if (!user.emailVerified) return false;
    const taken = await repo.claimApplication(tx, id, user.id, user.email);
    if (taken) await publishApplicationChange(tx, id, user.id);
    return taken;
  });
  if (claimed)
    app.log.info({ userId: user.id, applicationId: id }, 'application added to account by id');
  return getOwnApplication(app, user.id, id);
}

/** D2, the other proof: its e-mailed tracking link, opened while signed in. Returns whether it joined. */
export async function addApplicationByMailedLink(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<boolean> {
  const claimed = await app.db.transaction(async (tx) => {
    const taken = await repo.claimApplication(tx, id, userId);
    if (taken) await publishApplicationChange(tx, id, userId);
    return taken;
  });
  if (claimed)
    app.log.info(
      { userId, applicationId: id },
      'application added to account by its e-mailed link',
    );
  return claimed;
}
