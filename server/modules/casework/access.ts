import type { FastifyInstance } from 'fastify';
import { AppError, applicationNotFound } from '../../lib/errors.ts';
import { trackingLink } from '../applications/emails.ts';
import { lockApplication } from '../applications/repository.ts';
import type { Db } from '../../db/client.ts';

export { applicationNotFound };

export const applicationClosed = () =>
  new AppError(
    'APPLICATION_CLOSED',
    409,
    'This application is closed: nothing more can be done on it.',
  );

/** Locks the application for a change; refuses a closed (withdrawn or unsuccessful) one. */
export async function lockOpenApplication(tx: Db, id: string) {
  const row = await lockApplication(tx, id);
  if (!row) throw applicationNotFound();
  if (row.outcome) throw applicationClosed();
  return row;
}

export const erasureRequested = () =>
  new AppError(
    'ERASURE_REQUESTED',
    409,
    'The applicant asked for their data to be erased: nothing more is sent to them. The case is kept only for what the contract and legal duties need.',
  );

/**
 * Locks an open case the team may still write to the applicant on (a request, a message): not one
 * kept after its applicant asked for erasure (D16).
 */
export async function lockReachableApplication(tx: Db, id: string) {
  const row = await lockOpenApplication(tx, id);
  if (row.erasureRequestedAt) throw erasureRequested();
  return row;
}

export function mailedTrackingLink(app: FastifyInstance, applicationId: string): string {
  return trackingLink(
    app.config.publicUrl,
    app.trackingTokens.issue('track', applicationId, undefined, { mailed: true }),
  );
}
