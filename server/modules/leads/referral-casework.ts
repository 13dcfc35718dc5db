import { createHash, randomBytes } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/locales.ts';
import type {
  InvitationPrefill,
  ReferralCasework,
  ReferralInviteInput,
  ReferralReplyInput,
} from '../../../shared/schemas/leads.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import {
  applications,
  contactRequestEvents,
  referralMessages,
  referrals,
} from '../../db/schema/index.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';
import { recordAudit } from '../audit/service.ts';
import { findPeople } from '../staff/application-repository.ts';
import { advanceLead } from './repository.ts';

type ReferralRow = typeof referrals.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation's link: its secret in the fragment (decision 0032), never a query string. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/application#invite=${token}`;

const referralNotFound = () =>
  new NotFoundError('CONTACT_REQUEST_NOT_FOUND', 'Referral not found.');

async function lockReferral(tx: Db, id: string): Promise<ReferralRow> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
  if (!row) throw referralNotFound();
  return row;
}

/** A referral answered or invited is "contacted" in the inbox (once), and its lead too. */
async function markContacted(tx: Db, row: ReferralRow, actorId: string, note: string) {
  if (row.status === 'new') {
    await tx.update(referrals).set({ status: 'contacted' }).where(eq(referrals.id, row.id));
    await tx
      .insert(contactRequestEvents)
      .values({ referralId: row.id, status: 'contacted', note, actorId });
  }
  await advanceLead(tx, 'referral', row.id, 'contacted', actorId);
}

const referrerLanguage = (row: ReferralRow): Locale => row.language ?? 'en';

/** Staff answer the referrer by e-mail from the console; the reply is kept on the referral. */
export async function replyToReferral(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  input: ReferralReplyInput,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await lockReferral(tx, id);
    await tx
      .insert(referralMessages)
      .values({ referralId: id, kind: 'reply', body: input.body, actorId: actor.id });
    const words = mailText(referrerLanguage(row));
    const student = row.studentName ?? '';
    await app.mailer.enqueue(tx, {
      to: row.email,
      ...renderMail(
        {
          subject: words.t('referral.reply.subject', { student: userText(student) }),
          heading: words.t('referral.reply.heading'),
          paragraphs: [
            words.t('referral.reply.intro', { student: userText(student) }),
            ...input.body
              .split(/\n{2,}/)
              .map((p) => p.trim())
              .filter(Boolean),
          ],
        },
        words,
      ),
    });
    await markContacted(tx, row, actor.id, 'Replied by e-mail');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'referral.replied',
      subjectType: 'referral',
      subjectId: id,
      details: { length: input.body.length },
    });
  });
}

/**
 * Invites the referred student to apply: an e-mail in the language the referrer chose for them,
 * with a link whose secret opens the application form filled in with their name and contact. A new
 * invitation replaces the earlier link.
 */
export async function inviteFromReferral(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
  input: ReferralInviteInput,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await lockReferral(tx, id);
    if (!row.studentEmail || !row.studentName) throw new AppError('REFERRAL_NO_STUDENT_EMAIL', 409);
    const token = randomBytes(32).toString('base64url');
    await tx
      .update(referrals)
      .set({ invitationTokenHash: hashToken(token), invitedAt: new Date() })
      .where(eq(referrals.id, id));
    await tx
      .insert(referralMessages)
      .values({ referralId: id, kind: 'invitation', body: input.note ?? '', actorId: actor.id });
    const words = mailText(row.studentLanguage ?? referrerLanguage(row));
    await app.mailer.enqueue(tx, {
      to: row.studentEmail,
      ...renderMail(
        {
          subject: words.t('referral.invitation.subject', { referrer: userText(row.name) }),
          heading: words.t('referral.invitation.heading', { student: userText(row.studentName) }),
          paragraphs: [
            words.t('referral.invitation.body', {
              referrer: userText(row.name),
              interest: userText(row.studyInterest ?? ''),
            }),
            ...(input.note ? [words.t('referral.invitation.note', { note: input.note })] : []),
          ],
          action: {
            label: words.t('referral.invitation.action'),
            url: invitationLink(app.config.publicUrl, token),
          },
          note: words.t('referral.invitation.footnote'),
        },
        words,
      ),
    });
    await markContacted(tx, row, actor.id, 'Invited to apply');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'referral.invited',
      subjectType: 'referral',
      subjectId: id,
      details: { language: words.locale },
    });
  });
}

/** The referral an invitation's secret opens, or undefined (unknown, or replaced by a newer one). */
export async function findInvitedReferral(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(referrals)
    .where(eq(referrals.invitationTokenHash, hashToken(token)));
  return row?.studentName && row.studentEmail ? row : undefined;
}

/** What the application form is filled in with; 404 when the link is no longer valid. */
export async function openInvitation(db: Db, token: string): Promise<InvitationPrefill> {
  const row = await findInvitedReferral(db, token);
  if (!row) throw new NotFoundError('INVITATION_NOT_FOUND');
  return {
    fullName: row.studentName!,
    email: row.studentEmail!,
    phone: row.studentPhone,
    language: row.studentLanguage,
    studyInterest: row.studyInterest,
  };
}

/**
 * In the transaction that stored an application made from an invitation: the lead is "applied";
 * with the student's consent the referrer hears, by name only, that the student was contacted (if
 * not yet told) and that they applied. Without consent the referrer hears nothing.
 */
export async function recordReferralApplication(
  app: FastifyInstance,
  tx: Db,
  referral: ReferralRow,
  mayFollow: boolean,
): Promise<void> {
  await advanceLead(tx, 'referral', referral.id, 'applied', null);
  if (!mayFollow) return;
  const [row] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.id, referral.id))
    .for('update');
  if (!row) return;
  const words = mailText(referrerLanguage(row));
  const student = userText(row.studentName ?? '');
  const now = new Date();
  const send = (kind: 'contacted' | 'applied') =>
    app.mailer.enqueue(tx, {
      to: row.email,
      ...renderMail(
        {
          subject: words.t(`referral.${kind}.subject`, { student }),
          heading: words.t(`referral.${kind}.heading`),
          paragraphs: [words.t(`referral.${kind}.body`, { student })],
        },
        words,
      ),
    });
  if (row.invitedAt && !row.referrerToldContactedAt) await send('contacted');
  if (!row.referrerToldAppliedAt) await send('applied');
  await tx
    .update(referrals)
    .set({
      referrerToldContactedAt: row.referrerToldContactedAt ?? (row.invitedAt ? now : null),
      referrerToldAppliedAt: row.referrerToldAppliedAt ?? now,
    })
    .where(eq(referrals.id, row.id));
}

/** The referral's page: messages written, the invitation, the applications it became. */
export async function loadReferralCasework(db: Db, id: string): Promise<ReferralCasework | null> {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id));
  if (!row) return null;
  const messages = await db
    .select()
    .from(referralMessages)
    .where(eq(referralMessages.referralId, id))
    .orderBy(asc(referralMessages.createdAt), asc(referralMessages.id));
  const made = await db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      status: applications.status,
      createdAt: applications.createdAt,
      referrerMayFollow: applications.referrerMayFollow,
    })
    .from(applications)
    .where(eq(applications.sourceReferralId, id))
    .orderBy(desc(applications.createdAt));
  const names = await findPeople(
    db,
    messages.map((m) => m.actorId),
  );
  return {
    studentLanguage: row.studentLanguage,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      body: m.body,
      at: m.createdAt.toISOString(),
      by: m.actorId ? { id: m.actorId, name: names.get(m.actorId) ?? 'Former staff member' } : null,
    })),
    applications: made.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    referrerToldContactedAt: row.referrerToldContactedAt?.toISOString() ?? null,
    referrerToldAppliedAt: row.referrerToldAppliedAt?.toISOString() ?? null,
  };
}
