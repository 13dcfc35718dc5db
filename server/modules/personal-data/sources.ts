import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, auditLog, sessions, users, verifications } from '../../db/schema/index.ts';
import { applicationDocuments, applications } from '../../db/schema/applications.ts';
import { mailOutbox } from '../../db/schema/outbox.ts';
import { erasedApplications } from '../../db/schema/personal-data.ts';
import { markPending } from '../documents/orphans.ts';
import { findApplicationsOfOwner } from '../applications/repository.ts';
import type { PersonalDataSource } from './registry.ts';
import { caseworkSource, guidanceSource } from './casework-sources.ts';

/** The account itself: registered first, erased last. */
export const accountSource: PersonalDataSource = {
  name: 'account',
  async collect(app, subject) {
    const [user] = await app.db.select().from(users).where(eq(users.id, subject.id));
    const signIns = await app.db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, subject.id))
      .orderBy(desc(sessions.createdAt));
    return {
      data: user && {
        email: user.email,
        name: user.name,
        emailConfirmed: user.emailVerified,
        role: user.role,
        createdAt: user.createdAt,
        sessions: signIns,
      },
    };
  },
  async erase(_app, tx, subject) {
    // The audit log keeps what happened, not who it was: the address goes from its details.
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'email'` })
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, subject.id)));
    await tx.delete(verifications).where(eq(verifications.value, subject.id));
    await tx.delete(accounts).where(eq(accounts.userId, subject.id));
    // Sessions go with the row (cascade); the trigger ends their live streams on every instance.
    await tx.delete(users).where(eq(users.id, subject.id));
    return {};
  },
};

/** Applications the person owns, their history and documents. */
export const applicationsSource: PersonalDataSource = {
  name: 'applications',
  async collect(app, subject) {
    const records = await findApplicationsOfOwner(app.db, subject.id);
    const files = records.flatMap((record) =>
      record.documents.map((document) => ({
        path: `documents/${record.id}/${document.key}-${document.originalName.replace(/[\\/]/g, '_')}`,
        open: () => app.storage.get(document.storageKey),
      })),
    );
    const data = records.map((record) => ({
      id: record.id,
      submittedAt: record.createdAt,
      status: record.status,
      fullName: record.fullName,
      dateOfBirth: record.dateOfBirth,
      email: record.email,
      phone: record.phone,
      passportNumber: app.fieldCipher.decrypt(record.passportNumber),
      nationality: record.nationality,
      residencyCountry: record.residencyCountry,
      englishLevel: record.englishLevel,
      hasCertification: record.hasCertification,
      plannedTestDate: record.plannedTestDate,
      program: { id: record.programId, name: record.programName, level: record.programLevel },
      university: { id: record.universityId, name: record.universityName },
      pickedUniversities: record.pickedUniversities.map((u) => u.name),
      statusHistory: record.events.map((event) => ({
        status: event.status,
        from: event.fromStatus,
        note: event.note,
        at: event.createdAt,
      })),
      documents: record.documents.map((document) => ({
        key: document.key,
        fileName: document.originalName,
        contentType: document.contentType,
        size: document.size,
        sha256: document.sha256,
        uploadedAt: document.createdAt,
      })),
    }));
    return { data, files };
  },
  async erase(_app, tx, subject) {
    const owned = await tx.select().from(applications).where(eq(applications.userId, subject.id));
    if (owned.length === 0) return { counts: { applications: 0, documents: 0 } };
    const ids = owned.map((a) => a.id);
    const documents = await tx
      .select({ key: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.applicationId, ids));
    const storageKeys = documents.map((d) => d.key);
    await markPending(tx, storageKeys);
    // What statistics need, and nothing that points to a person.
    await tx.insert(erasedApplications).values(
      owned.map((a) => ({
        programId: a.programId,
        programLevel: a.programLevel,
        universityId: a.universityId,
        status: a.status,
        submittedMonth: `${a.createdAt.toISOString().slice(0, 7)}-01`,
      })),
    );
    // Status history, documents and staff notes go with the rows (cascade).
    await tx.delete(applications).where(inArray(applications.id, ids));
    return { storageKeys, counts: { applications: owned.length, documents: storageKeys.length } };
  },
};

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
      .where(sql`lower(${mailOutbox.recipient}) = lower(${subject.email})`)
      .orderBy(mailOutbox.createdAt);
    return { data: rows };
  },
  async erase(_app, tx, subject) {
    const removed = await tx
      .delete(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = lower(${subject.email})`)
      .returning({ id: mailOutbox.id });
    return { counts: { messages: removed.length } };
  },
};

export function registerBuiltInSources(app: FastifyInstance): void {
  app.personalData.register(accountSource);
  app.personalData.register(applicationsSource);
  // after the applications: erased (in reverse) before them, while their attachments are listed
  app.personalData.register(caseworkSource);
  app.personalData.register(guidanceSource);
  app.personalData.register(messagesSource);
}
