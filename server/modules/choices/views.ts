import {
  choiceReplies,
  choiceState,
  replyRefusal,
  type ChoiceReply,
} from '../../../shared/application-choices.ts';
import type { ChoiceView } from '../../../shared/schemas/choices.ts';
import type { ChoiceRecord } from './repository.ts';

export function choiceDocumentUrl(applicationId: string, documentId: string): string {
  return `/api/applications/${applicationId}/choice-documents/${documentId}`;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The choices of one application as the applicant sees them (staff add who did what). `open` is
 * false for a closed application: nothing can be replied to.
 */
export function toChoiceViews(
  applicationId: string,
  choices: ChoiceRecord[],
  open: boolean,
  names?: Map<string, string>,
  today = todayUtc(),
): ChoiceView[] {
  return choices.map((c) => {
    const replies: ChoiceReply[] = open
      ? choiceReplies.filter((r) => replyRefusal(choices, c.id, r, today) === null)
      : [];
    return {
      id: c.id,
      position: c.position,
      state: choiceState(c),
      university: { id: c.universityId, name: c.universityName },
      program: c.programId ? { id: c.programId, name: c.programName ?? c.programId } : null,
      sentOn: c.sentOn,
      reference: c.reference,
      decision: c.decision,
      decidedAt: c.decidedAt?.toISOString() ?? null,
      conditions: c.conditions,
      conditionsMetOn: c.conditionsMetOn,
      reason: c.reason,
      replyDeadline: c.replyDeadline,
      reply: c.reply,
      repliedAt: c.repliedAt?.toISOString() ?? null,
      replies,
      documents: c.documents.map((d) => ({
        id: d.id,
        fileName: d.originalName,
        contentType: d.contentType,
        size: d.size,
        uploadedAt: d.createdAt.toISOString(),
        url: choiceDocumentUrl(applicationId, d.id),
      })),
      timeline: c.events.map((e) => ({
        kind: e.kind,
        at: e.createdAt.toISOString(),
        details: e.details,
        note: e.note,
        ...(names
          ? {
              by: e.actorId
                ? { id: e.actorId, name: names.get(e.actorId) ?? 'Former staff member' }
                : null,
            }
          : {}),
      })),
      version: c.version,
    };
  });
}
