import type { FastifyInstance } from 'fastify';
import { createCommissionLine } from '../partners/commission.ts';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import { followsChoices, nextStatus, statusMoveRefusal } from '../../../shared/staff-workflow.ts';
import { maxNoteLength } from '../../../shared/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { AppError, applicationNotFound, ValidationError } from '../../lib/errors.ts';
import { statusChangedMail, statusLabel, trackingLink } from './emails.ts';
import { publishApplicationChange } from './live.ts';
import * as repo from './repository.ts';
import { applicationClosed } from '../casework/access.ts';
import { setStageDue } from '../casework/owners.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StatusChange {
  applicationId: string;
  to: ApplicationStatus;
  /** Optional for a step forward; required to go back (D3: only to correct a mistake). */
  note?: string | null;
  /** The staff member making the change; null for the system. */
  actorId: string | null;
  /**
   * The status the caller saw (staff console): another one now answers 409, so a stale page never
   * moves it twice; a replayed click (this actor's last move was exactly this one) is answered as done.
   */
  expectedFrom?: ApplicationStatus;
  /** A person's move (the staff console): only reviewed goes forward by hand (D18). */
  byHand?: boolean;
  /** Runs inside the transaction after the change (the staff console writes its audit entry there). */
  inTransaction?: (
    tx: Db,
    move: { from: ApplicationStatus; to: ApplicationStatus; at: Date },
  ) => Promise<void>;
}

/** The shared rule (statusMoveRefusal), as the error the API answers with. */
export function checkStatusMove(
  from: ApplicationStatus,
  to: ApplicationStatus,
  note: string | null,
): void {
  if (!applicationStatuses.includes(to))
    throw new ValidationError({ status: 'UNKNOWN_STATUS' }, `"${to}" is not a status.`);
  const refusal = statusMoveRefusal(from, to, note);
  if (refusal === 'STATUS_UNCHANGED') {
    throw new AppError(
      refusal,
      409,
      `The application is already ${statusLabel(from).toLowerCase()}.`,
    );
  }
  if (refusal === 'STATUS_MOVE_NOT_ALLOWED') {
    throw new AppError(
      refusal,
      409,
      `An application moves one step at a time: after ${statusLabel(from).toLowerCase()} comes ${statusLabel(nextStatus(from)!).toLowerCase()}.`,
    );
  }
  if (refusal === 'STATUS_NOTE_REQUIRED') {
    throw new ValidationError(
      { note: 'STATUS_NOTE_REQUIRED' },
      'Moving an application back is only for correcting a mistake: add a note saying why.',
    );
  }
}

/** A staff member's replayed click: the move it asked for is the last one, made by them. */
async function isReplay(tx: Db, change: StatusChange, current: { id: string; status: string }) {
  if (!change.expectedFrom || current.status !== change.to) return false;
  const last = await repo.lastStatusEvent(tx, current.id);
  return (
    last?.fromStatus === change.expectedFrom &&
    last.status === change.to &&
    last.actorId === change.actorId
  );
}

/**
 * Changes the status of an application (the staff console and tests call it): the row and its
 * history entry are written in one transaction with the applicant's e-mail (new status and what it
 * means), and every instance is told when it commits. Answers with the whole record, read once
 * after the change; a replay (see `expectedFrom`) changes nothing and says so.
 */
export async function changeStatus(
  app: FastifyInstance,
  change: StatusChange,
): Promise<{ record: repo.ApplicationRecord; replayed: boolean }> {
  if (!uuidPattern.test(change.applicationId)) throw applicationNotFound();
  const note = change.note?.trim() || null;
  // the limit of statusChangeInput (shared/schemas/staff.ts), for callers other than the route
  if (note && note.length > maxNoteLength) {
    throw new ValidationError(
      { note: { code: 'too_big', params: { maximum: maxNoteLength, origin: 'string' } } },
      'The note is too long.',
    );
  }
  const replayed = await app.db.transaction(async (tx) => {
    const current = await repo.lockApplication(tx, change.applicationId);
    if (!current) throw applicationNotFound();
    if (await isReplay(tx, change, current)) return true;
    if (change.expectedFrom && current.status !== change.expectedFrom) {
      throw new AppError(
        'STATUS_CHANGED_MEANWHILE',
        409,
        `Someone else has just changed this application: it is now ${statusLabel(current.status).toLowerCase()}. Check it again before changing it.`,
      );
    }
    if (current.outcome) throw applicationClosed();
    checkStatusMove(current.status, change.to, note);
    if (change.byHand && followsChoices(current.status, change.to)) {
      throw new AppError(
        'STATUS_FOLLOWS_CHOICES',
        409,
        'Applied, offered and accepted follow the universities’ choices: record the sent date, the decision or the student’s reply on the choice.',
      );
    }
    const at = new Date();
    await repo.updateStatus(tx, current.id, change.to, at);
    await setStageDue(tx, current.id, change.to, at);
    await repo.insertStatusEvent(tx, {
      applicationId: current.id,
      fromStatus: current.status,
      status: change.to,
      note,
      actorId: change.actorId,
      createdAt: at,
    });
    await change.inTransaction?.(tx, { from: current.status, to: change.to, at });
    // accepted (the team marked the student enrolled): the commission line (D20)
    if (change.to === 'accepted') await createCommissionLine(tx, current.id);
    await publishApplicationChange(tx, current.id, current.userId);
    // A case kept after its applicant asked for erasure (D16) no longer writes to them.
    if (!current.erasureRequestedAt) {
      const link = trackingLink(
        app.config.publicUrl,
        app.trackingTokens.issue('track', current.id, undefined, { mailed: true }),
      );
      await app.mailer.enqueue(tx, statusChangedMail(current, change.to, note, link));
    }
    return false;
  });

  const record = await repo.findApplicationRecord(app.db, change.applicationId);
  if (!record) throw applicationNotFound();
  return { record, replayed };
}
