import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { trackingLink } from '../applications/emails.ts';
import { findApplicationRow, lockApplication } from '../applications/repository.ts';
import type { Db } from '../../db/client.ts';
import { readerOf } from '../documents/routes.ts';
import type { DocumentReader } from '../documents/service.ts';

export const applicationNotFound = () =>
  new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found.');

/**
 * The applicant of one application: its signed-in owner, or whoever holds its tracking link (the
 * track page sends it as a bearer). Signed out: 401; anyone else (another applicant, another
 * application's link, staff): 404, as if it did not exist.
 */
export async function applicantOf(
  app: FastifyInstance,
  req: FastifyRequest,
  applicationId: string,
) {
  const reader: DocumentReader = await readerOf(app, req);
  if (!reader.user && !reader.trackedApplicationId) {
    throw new AppError(
      'UNAUTHENTICATED',
      401,
      'Please sign in, or open your application from the track page.',
    );
  }
  const application = await findApplicationRow(app.db, applicationId);
  const allowed =
    application !== undefined &&
    (reader.trackedApplicationId === application.id ||
      (reader.user !== null && reader.user.id === application.userId));
  if (!allowed) throw applicationNotFound();
  return application;
}

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

export function mailedTrackingLink(app: FastifyInstance, applicationId: string): string {
  return trackingLink(
    app.config.publicUrl,
    app.trackingTokens.issue('track', applicationId, undefined, { mailed: true }),
  );
}
