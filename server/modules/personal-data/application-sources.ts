import { asc, inArray } from 'drizzle-orm';
import { applicationMessages, applicationRequests } from '../../db/schema/casework.ts';
import {
  eraseApplicationRows,
  findApplicationRecords,
  keepAsErasureRequests,
} from './application-rows.ts';
import type { DataSubject, ErasurePlan, PersonalDataSource } from './registry.ts';

const idsOf = (subject: DataSubject) => subject.applications.map((a) => a.id);

/**
 * The person's applications (their account's, and those sent signed out with their address), with
 * history and documents. Erasure follows the plan (D16): erased whole, or kept as a case.
 */
export const applicationsSource: PersonalDataSource = {
  name: 'applications',
  async collect(app, subject) {
    const records = await findApplicationRecords(app.db, idsOf(subject));
    const files = records.flatMap((record) =>
      record.documents.map((document) => ({
        // every kept version, each under its own name (issue 22 finding 12)
        path: `documents/${record.id}/${document.key}${document.part > 1 ? `-${document.part}` : ''}-v${document.version}-${document.originalName.replace(/[\\/]/g, '_')}`,
        open: () => app.storage.get(document.storageKey),
      })),
    );
    const data = records.map((record) => ({
      id: record.id,
      submittedAt: record.createdAt,
      sentSignedOut: record.userId === null,
      status: record.status,
      outcome: record.outcome,
      erasureRequestedAt: record.erasureRequestedAt,
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
      // issue 25 §3: education, English test, referees, work, statement; and the consent given
      details: record.details,
      consent: record.consentAt
        ? { at: record.consentAt, wordingVersion: record.consentVersion }
        : null,
      program: { id: record.programId, name: record.programName, level: record.programLevel },
      university: { id: record.universityId, name: record.universityName },
      pickedUniversities: record.pickedUniversities.map((u) => u.name),
      afterOffer: record.afterOffer,
      statusHistory: record.events.map((event) => ({
        status: event.status,
        from: event.fromStatus,
        note: event.note,
        at: event.createdAt,
      })),
      documents: record.documents.map((document) => ({
        key: document.key,
        part: document.part,
        version: document.version,
        fileName: document.originalName,
        contentType: document.contentType,
        size: document.size,
        sha256: document.sha256,
        uploadedAt: document.createdAt,
      })),
    }));
    return { data, files };
  },
  async erase(_app, tx, _subject, plan: ErasurePlan) {
    const erased = await eraseApplicationRows(tx, plan.erase);
    const kept = await keepAsErasureRequests(tx, plan.keep, plan.channel, plan.at);
    return {
      storageKeys: [...erased.storageKeys, ...kept.storageKeys],
      counts: {
        applications: plan.erase.length,
        documents: erased.counts.documents,
        attachments: erased.counts.attachments + kept.storageKeys.length,
        keptCases: kept.counts.kept,
      },
    };
  },
};

/**
 * The conversation and the requests of the person's applications (issue 12), with the files
 * attached to messages. Erased with the applications (above): a kept case keeps its requests, not
 * its conversation.
 */
export const caseworkSource: PersonalDataSource = {
  name: 'casework',
  async collect(app, subject) {
    const ids = idsOf(subject);
    if (ids.length === 0) return { data: { requests: [], conversation: [] } };
    const requests = await app.db
      .select({
        applicationId: applicationRequests.applicationId,
        kind: applicationRequests.kind,
        document: applicationRequests.documentKey,
        message: applicationRequests.message,
        dueOn: applicationRequests.dueOn,
        askedAt: applicationRequests.createdAt,
        closedAt: applicationRequests.closedAt,
        answer: applicationRequests.answerText,
      })
      .from(applicationRequests)
      .where(inArray(applicationRequests.applicationId, ids))
      .orderBy(asc(applicationRequests.createdAt));
    const messages = await app.db
      .select()
      .from(applicationMessages)
      .where(inArray(applicationMessages.applicationId, ids))
      .orderBy(asc(applicationMessages.createdAt));
    const files = messages
      .filter((m) => m.attachmentStorageKey)
      .map((m) => ({
        path: `messages/${m.applicationId}/${m.id}-${(m.attachmentName ?? 'attachment').replace(/[\\/]/g, '_')}`,
        open: () => app.storage.get(m.attachmentStorageKey!),
      }));
    const conversation = messages.map((m) => ({
      applicationId: m.applicationId,
      from: m.fromTeam ? 'team' : 'you',
      text: m.body,
      sentAt: m.createdAt,
      attachment: m.attachmentName
        ? {
            fileName: m.attachmentName,
            contentType: m.attachmentContentType,
            size: m.attachmentSize,
          }
        : null,
    }));
    return { data: { requests, conversation }, files };
  },
  async erase() {
    return {};
  },
};
