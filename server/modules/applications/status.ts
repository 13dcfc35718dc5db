import type { FastifyInstance } from 'fastify';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import { maxStatusNoteLength } from '../../../shared/schemas/application.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
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
  /** The status the caller saw (staff console): another one now answers 409, so a stale page or a replayed click never moves it twice. */
  expectedFrom?: ApplicationStatus;
  /** Runs inside the transaction after the change (the staff console writes its audit entry there). */
  inTransaction?: (
    tx: Db,
    move: { from: ApplicationStatus; to: ApplicationStatus; at: Date },
  ) => Promise<void>;
}

/** Forward one step at a time; backwards only with a note. */
export function checkStatusMove(
  from: ApplicationStatus,
  to: ApplicationStatus,
  note: string | null,
): void {
  const fromIndex = applicationStatuses.indexOf(from);
  const toIndex = applicationStatuses.indexOf(to);
  if (toIndex === -1)
    throw new ValidationError({ status: 'Unknown status' }, `"${to}" is not a status.`);
  if (toIndex === fromIndex) {
    throw new AppError(
      'STATUS_UNCHANGED',
      409,
      `The application is already ${statusLabel(from).toLowerCase()}.`,
    );
  }
  if (toIndex > fromIndex + 1) {
    const next = applicationStatuses[fromIndex + 1]!;
    throw new AppError(
      'STATUS_MOVE_NOT_ALLOWED',
      409,
      `An application moves one step at a time: after ${statusLabel(from).toLowerCase()} comes ${statusLabel(next).toLowerCase()}.`,
    );
  }
  if (toIndex < fromIndex && !note) {
    throw new ValidationError(
      { note: 'Say why the status goes back' },
      'Moving an application back is only for correcting a mistake: add a note saying why.',
    );
  }
}

/**
 * Changes the status of an application (the staff console and tests call it): the row and its
 * history entry are written in one transaction with the applicant's e-mail (new status and what it
 * means), and every instance is told when it commits.
 */
export async function changeStatus(
  app: FastifyInstance,
  change: StatusChange,
): Promise<repo.ApplicationRecord> {
  if (!uuidPattern.test(change.applicationId))
    throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found.');
  const note = change.note?.trim() || null;
  if (note && note.length > maxStatusNoteLength) {
    throw new ValidationError(
      { note: `At most ${maxStatusNoteLength} characters` },
      'The note is too long.',
    );
  }
  await app.db.transaction(async (tx) => {
    const current = await repo.lockApplication(tx, change.applicationId);
    if (!current) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found.');
    if (change.expectedFrom && current.status !== change.expectedFrom) {
      throw new AppError(
        'STATUS_CHANGED_MEANWHILE',
        409,
        `Someone else has just changed this application: it is now ${statusLabel(current.status).toLowerCase()}. Check it again before changing it.`,
      );
    }
    if (current.outcome) throw applicationClosed();
    checkStatusMove(current.status, change.to, note);
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
    await publishApplicationChange(tx, current.id, current.userId);
    const link = trackingLink(
      app.config.publicUrl,
      app.trackingTokens.issue('track', current.id, undefined, { mailed: true }),
    );
    await app.mailer.enqueue(tx, statusChangedMail(current, change.to, note, link));
  });

  return (await repo.findApplicationRecord(app.db, change.applicationId))!;
}
