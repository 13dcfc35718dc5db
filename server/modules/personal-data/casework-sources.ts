import { asc, desc, eq, inArray, isNotNull, and } from 'drizzle-orm';
import { applicationMessages, applicationRequests } from '../../db/schema/casework.ts';
import { savedGuidance } from '../../db/schema/guidance.ts';
import { applicationIdsOfOwner } from '../applications/repository.ts';
import { markPending } from '../documents/orphans.ts';
import type { PersonalDataSource } from './registry.ts';

/**
 * The conversation and the requests of the person's applications (issue 12), with the files
 * attached to messages. Registered after the applications, so erasure (in reverse) finds the
 * attachments before the applications' rows take the messages with them.
 */
export const caseworkSource: PersonalDataSource = {
  name: 'casework',
  async collect(app, subject) {
    const owned = applicationIdsOfOwner(app.db, subject.id);
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
      .where(inArray(applicationRequests.applicationId, owned))
      .orderBy(asc(applicationRequests.createdAt));
    const messages = await app.db
      .select()
      .from(applicationMessages)
      .where(inArray(applicationMessages.applicationId, owned))
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
  async erase(_app, tx, subject) {
    const owned = applicationIdsOfOwner(tx, subject.id);
    const attachments = await tx
      .select({ key: applicationMessages.attachmentStorageKey })
      .from(applicationMessages)
      .where(
        and(
          inArray(applicationMessages.applicationId, owned),
          isNotNull(applicationMessages.attachmentStorageKey),
        ),
      );
    const storageKeys = attachments.map((a) => a.key!);
    await markPending(tx, storageKeys);
    // The rows themselves go with the applications (cascade).
    return { storageKeys, counts: { attachments: storageKeys.length } };
  },
};

/** Guidance the person asked for while signed in (issue 11): goes with the account (cascade). */
export const guidanceSource: PersonalDataSource = {
  name: 'guidance',
  async collect(app, subject) {
    const rows = await app.db
      .select({
        profile: savedGuidance.profile,
        results: savedGuidance.results,
        askedAt: savedGuidance.createdAt,
      })
      .from(savedGuidance)
      .where(eq(savedGuidance.userId, subject.id))
      .orderBy(desc(savedGuidance.createdAt));
    return { data: rows };
  },
  async erase(_app, tx, subject) {
    const removed = await tx
      .delete(savedGuidance)
      .where(eq(savedGuidance.userId, subject.id))
      .returning({ id: savedGuidance.id });
    return { counts: { guidance: removed.length } };
  },
};
