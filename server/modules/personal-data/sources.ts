import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, auditLog, sessions, users, verifications } from '../../db/schema/index.ts';
import { savedGuidance } from '../../db/schema/guidance.ts';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { bookingsSource } from '../bookings/personal-data.ts';
import { applicationsSource, caseworkSource } from './application-sources.ts';
import type { DataSubject, PersonalDataSource } from './registry.ts';

/** The account itself: registered first, erased last. A person without an account has none. */
export const accountSource: PersonalDataSource = {
  name: 'account',
  async collect(app, subject) {
    if (!subject.userId) return { data: null };
    const [user] = await app.db.select().from(users).where(eq(users.id, subject.userId));
    const signIns = await app.db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, subject.userId))
      .orderBy(desc(sessions.createdAt));
    return {
      data: user && {
        email: user.email,
        name: user.name,
        emailConfirmed: user.emailVerified,
        role: user.role,
        language: user.language,
        createdAt: user.createdAt,
        sessions: signIns,
      },
    };
  },
  async erase(_app, tx, subject) {
    if (!subject.userId) return {};
    // The audit log keeps what happened, not who it was: the address goes from its details.
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'email'` })
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, subject.userId)));
    await tx.delete(verifications).where(eq(verifications.value, subject.userId));
    await tx.delete(accounts).where(eq(accounts.userId, subject.userId));
    // Sessions, passkeys and second factors go with the row (cascade); the trigger ends their
    // live streams on every instance.
    await tx.delete(users).where(eq(users.id, subject.userId));
    return { counts: { accounts: 1 } };
  },
};

/** Guidance the person asked for while signed in (issue 11). */
export const guidanceSource: PersonalDataSource = {
  name: 'guidance',
  async collect(app, subject) {
    if (!subject.userId) return { data: [] };
    const rows = await app.db
      .select({
        profile: savedGuidance.profile,
        results: savedGuidance.results,
        askedAt: savedGuidance.createdAt,
      })
      .from(savedGuidance)
      .where(eq(savedGuidance.userId, subject.userId))
      .orderBy(desc(savedGuidance.createdAt));
    return { data: rows };
  },
  async erase(_app, tx, subject) {
    if (!subject.userId) return {};
    const removed = await tx
      .delete(savedGuidance)
      .where(eq(savedGuidance.userId, subject.userId))
      .returning({ id: savedGuidance.id });
    return { counts: { guidance: removed.length } };
  },
};

/** The addresses the person's e-mails went to: theirs, and those their applications were sent with. */
const recipientsOf = (subject: DataSubject) => [
  ...new Set(
    [subject.email, ...subject.applications.map((a) => a.email)].map((e) => e.toLowerCase()),
  ),
];
const toRecipients = (subject: DataSubject) =>
  inArray(sql`lower(${mailOutbox.recipient})`, recipientsOf(subject));

/** The e-mails we sent the person (confirmation, status changes…), kept in the outbox. */
export const messagesSource: PersonalDataSource = {
  name: 'messages',
  async collect(app, subject) {
    const rows = await app.db
      .select({
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(toRecipients(subject))
      .orderBy(mailOutbox.createdAt);
    return { data: rows };
  },
  async erase(_app, tx, subject) {
    const removed = await tx
      .delete(mailOutbox)
      .where(toRecipients(subject))
      .returning({ id: mailOutbox.id });
    return { counts: { messages: removed.length } };
  },
};

export function registerBuiltInSources(app: FastifyInstance): void {
  app.personalData.register(accountSource);
  app.personalData.register(applicationsSource);
  app.personalData.register(caseworkSource);
  app.personalData.register(guidanceSource);
  app.personalData.register(messagesSource);
  app.personalData.register(bookingsSource);
}
