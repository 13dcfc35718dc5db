import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, applicationNotFound } from '../lib/errors.ts';
import { findApplicationRow, type ApplicationRow } from '../modules/applications/repository.ts';
import { openTrackingToken } from '../modules/tracking/revocation.ts';
import { getSessionUser, type SessionUser } from './session.ts';

/**
 * The token of `Authorization: Bearer <token>`: undefined without the header, null when the
 * header holds anything else. The one place the header is read (API tokens and tracking links).
 */
export function bearerToken(req: FastifyRequest): string | null | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer (\S+)$/i.exec(header.trim())?.[1] ?? null;
}

/** Who is asking for an application's pages, files or messages. */
export interface ApplicationReader {
  /** A signed-in user: the owner, or staff. */
  user: SessionUser | null;
  /** The application a valid tracking token (the track page's bearer) opens. */
  trackedApplicationId: string | null;
}

const trackingTokenShape = /^[A-Za-z0-9_.-]{1,1000}$/;

/** The signed-in user and the application a `Bearer` tracking token opens (the track page). */
export async function readerOf(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<ApplicationReader> {
  const token = bearerToken(req);
  const isTrackingToken = typeof token === 'string' && trackingTokenShape.test(token);
  return {
    user: await getSessionUser(req),
    trackedApplicationId: isTrackingToken ? await openTrackingToken(app, token, 'track') : null,
  };
}

const staffRoles = new Set(['consultant', 'admin']);

/** A consultant or an administrator. */
export function isCaseworker(user: SessionUser | null): user is SessionUser {
  return user !== null && staffRoles.has(user.role);
}

/**
 * Staff read an applicant's files (documents, message attachments) only with their second factor set
 * up (issue 10); without it they are refused as anyone else would be.
 */
export function readsAsStaff(user: SessionUser | null): user is SessionUser {
  return isCaseworker(user) && user.secondFactor === true;
}

/**
 * Who may read this application: its applicant (the signed-in owner, or whoever holds its
 * tracking link) and, with `staff`, consultants and administrators with their second factor.
 * Signed out: 401; anyone else: `notFound`, as if it did not exist.
 */
export async function readableApplication(
  app: FastifyInstance,
  reader: ApplicationReader,
  applicationId: string,
  {
    staff = false,
    notFound = applicationNotFound,
  }: { staff?: boolean; notFound?: () => Error } = {},
): Promise<ApplicationRow> {
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
      (reader.user !== null &&
        (reader.user.id === application.userId || (staff && readsAsStaff(reader.user)))));
  if (!allowed) throw notFound();
  return application;
}

/** The applicant of one application (its owner, or its tracking link's holder); staff are not. */
export async function applicantOf(
  app: FastifyInstance,
  req: FastifyRequest,
  applicationId: string,
): Promise<ApplicationRow> {
  return readableApplication(app, await readerOf(app, req), applicationId);
}
