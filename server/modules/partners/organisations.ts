import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultLocale, isLocale, type Locale } from '../../../shared/locales.ts';
import type {
  PartnerInviteInput,
  PartnerOrganisationView,
} from '../../../shared/schemas/partners.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { partnerships, users } from '../../db/schema/index.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import * as requests from '../staff/contact-request-repository.ts';
import { issueSetPasswordLink, setPasswordLinkDays } from '../staff/set-password-link.ts';
import * as team from '../staff/team-repository.ts';
import { partnerInvitationMail } from './emails.ts';
import {
  notAPartnerMember,
  partnerAccountTaken,
  partnerChangedMeanwhile,
  partnerNotFound,
  partnershipAlreadyAccepted,
} from './errors.ts';
import * as repo from './repository.ts';

/** The organisation of a signed-in partner user; a partner without one is refused. */
export async function partnerIdOf(db: Db, user: SessionUser): Promise<string> {
  const membership = await repo.findMembership(db, user.id);
  if (!membership) throw notAPartnerMember();
  return membership.partnerId;
}

export async function organisationView(db: Db, id: string): Promise<PartnerOrganisationView> {
  const row = await repo.findOrganisation(db, id);
  if (!row) throw partnerNotFound();
  const members = await repo.findMembers(db, id);
  return { id: row.id, name: row.name, shareBp: row.shareBp, version: row.version, members };
}

export async function listOrganisations(db: Db): Promise<PartnerOrganisationView[]> {
  const rows = await repo.findOrganisations(db);
  return Promise.all(rows.map((row) => organisationView(db, row.id)));
}

/**
 * Gives the address a partner account in `partnerId` (inside the caller's transaction) and returns
 * the user's id. A new address gets a new account with its address confirmed; an applicant's
 * account loses every way in it had (as a staff invitation does, decision 0032): only the inbox's
 * holder sets the password. Staff, and another organisation's partners, are refused.
 */
async function addMember(
  tx: Db,
  actor: SessionUser,
  partnerId: string,
  input: { email: string; name: string },
  language: Locale,
): Promise<{ userId: string; language: Locale }> {
  const email = input.email.toLowerCase();
  const existing = await team.findUserByEmail(tx, email);
  let userId: string;
  if (!existing) {
    userId = await team.insertStaffUser(tx, { email, name: input.name, role: 'partner' });
    // a new account speaks the language it was invited in until the person chooses another
    await tx.update(users).set({ language }).where(eq(users.id, userId));
  } else if (existing.role === 'applicant') {
    await team.clearCredentials(tx, existing);
    await team.markEmailVerified(tx, existing.id);
    await team.setRole(tx, existing.id, 'partner');
    userId = existing.id;
  } else if (existing.role === 'partner') {
    const membership = await repo.findMembership(tx, existing.id);
    if (membership?.partnerId !== partnerId) throw partnerAccountTaken();
    userId = existing.id;
  } else {
    throw partnerAccountTaken();
  }
  await repo.insertMember(tx, { userId, partnerId, invitedBy: actor.id });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'partner.member_invited',
    subjectType: 'partner',
    subjectId: partnerId,
    details: { userId, email, ...(existing ? { existingAccount: true } : {}) },
  });
  // an account that chose a language gets its e-mails in it (decision 0027)
  const [account] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, language: isLocale(account?.language) ? account.language : language };
}

/** The language the partnership request was made in (the partner portal's invitations use it). */
async function requestLanguage(db: Db, partnershipId: string | null): Promise<Locale> {
  if (!partnershipId) return defaultLocale;
  const [row] = await db
    .select({ language: partnerships.language })
    .from(partnerships)
    .where(eq(partnerships.id, partnershipId));
  return row?.language ?? defaultLocale;
}

async function sendInvitation(
  app: FastifyInstance,
  actor: SessionUser,
  userId: string,
  email: string,
  organisation: string,
  language: Locale,
) {
  const link = await issueSetPasswordLink(app.auth, app.config, userId);
  await app.mailer.enqueue(app.db, {
    to: email.toLowerCase(),
    ...partnerInvitationMail(
      mailText(language),
      link,
      organisation,
      actor.name.trim() || actor.email,
      setPasswordLinkDays,
    ),
  });
}

/**
 * An admin accepts a partnership request (D20): the partner organisation is created with the
 * request's business name, the request is closed with a note, and its contact is invited.
 */
export async function acceptPartnership(
  app: FastifyInstance,
  actor: SessionUser,
  partnershipId: string,
): Promise<PartnerOrganisationView> {
  const { organisation, contact, userId, language } = await app.db.transaction(async (tx) => {
    const request = await requests.findContactRequest(tx, 'partnership', partnershipId, true);
    if (!request) throw new NotFoundError('CONTACT_REQUEST_NOT_FOUND');
    if (await repo.findOrganisationOfPartnership(tx, partnershipId))
      throw partnershipAlreadyAccepted();
    const organisation = await repo.insertOrganisation(tx, {
      name: request.businessName ?? request.name,
      partnershipId,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'partner.created',
      subjectType: 'partner',
      subjectId: organisation.id,
      details: { partnershipId, name: organisation.name },
    });
    const contact = { email: request.email, name: request.name };
    const { userId, language } = await addMember(
      tx,
      actor,
      organisation.id,
      contact,
      await requestLanguage(tx, partnershipId),
    );
    if (request.status !== 'closed') {
      await requests.updateContactRequestStatus(tx, 'partnership', partnershipId, 'closed');
      await requests.insertContactRequestEvent(tx, 'partnership', {
        requestId: partnershipId,
        status: 'closed',
        note: 'Accepted: partner organisation created and its contact invited.',
        actorId: actor.id,
      });
    }
    return { organisation, contact, userId, language };
  });
  await sendInvitation(app, actor, userId, contact.email, organisation.name, language);
  return organisationView(app.db, organisation.id);
}

/**
 * A partner (or an admin for it) invites a colleague into the same organisation. The e-mail is in
 * the colleague's own language if their account has one, else in `language` (the inviting
 * partner's page), else in the organisation's request's.
 */
export async function invitePartnerMember(
  app: FastifyInstance,
  actor: SessionUser,
  partnerId: string,
  input: PartnerInviteInput,
  language: Locale | null = null,
): Promise<PartnerOrganisationView> {
  const { member, name } = await app.db.transaction(async (tx) => {
    const organisation = await repo.findOrganisation(tx, partnerId, true);
    if (!organisation) throw partnerNotFound();
    const fallback = language ?? (await requestLanguage(tx, organisation.partnershipId));
    return {
      member: await addMember(tx, actor, partnerId, input, fallback),
      name: organisation.name,
    };
  });
  await sendInvitation(app, actor, member.userId, input.email, name, member.language);
  return organisationView(app.db, partnerId);
}

/** An admin sets the partner's share of the agency's commission (for lines created from now on). */
export async function setPartnerShare(
  app: FastifyInstance,
  actor: SessionUser,
  partnerId: string,
  input: { shareBp: number; version: number },
): Promise<PartnerOrganisationView> {
  await app.db.transaction(async (tx) => {
    const row = await repo.findOrganisation(tx, partnerId, true);
    if (!row) throw partnerNotFound();
    if (
      row.version !== input.version ||
      !(await repo.updateShare(tx, partnerId, row.version, input.shareBp))
    )
      throw partnerChangedMeanwhile();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'partner.share_changed',
      subjectType: 'partner',
      subjectId: partnerId,
      details: { from: row.shareBp, to: input.shareBp },
    });
  });
  return organisationView(app.db, partnerId);
}
