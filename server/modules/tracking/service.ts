import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TrackLookupInput, TrackResult } from '../../../shared/schemas/application.ts';
import { AppError } from '../../lib/errors.ts';
import { findApplicationRecord, type ApplicationRecord } from '../applications/repository.ts';
import { applicationNotFound } from '../applications/service.ts';
import { toApplicationView } from '../applications/views.ts';
import type { Snapshot } from '../applications/live.ts';
import {
  openTrackingToken,
  openTrackingTokenDetails,
  revokedSince,
  revokeTracking,
} from './revocation.ts';
import { addApplicationByMailedLink } from '../applications/service.ts';
import { findTrackingKey } from './repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Looked up in place of an id that cannot exist, so every miss costs the same query. */
const nilUuid = '00000000-0000-0000-0000-000000000000';

const digest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest();

function sameEmail(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

function result(app: FastifyInstance, record: ApplicationRecord, token?: string): TrackResult {
  return {
    application: toApplicationView(record),
    token: token ?? app.trackingTokens.issue('track', record.id),
    streamToken: app.trackingTokens.issue('stream', record.id),
  };
}

/**
 * D4: the id and the e-mail it was submitted with. An unknown id and a wrong e-mail give the same
 * answer after the same work, so nobody can probe which ids exist.
 */
export async function trackByEmail(
  app: FastifyInstance,
  input: TrackLookupInput,
): Promise<TrackResult> {
  const id = uuidPattern.test(input.applicationId) ? input.applicationId.toLowerCase() : nilUuid;
  // One query and one comparison whether the id exists or not; the full record only for a match.
  const key = await findTrackingKey(app.db, id);
  // A case kept after its applicant asked for erasure (D16) is tracked by nobody.
  const matches =
    sameEmail(key?.email ?? '', input.email) && key !== undefined && !key.erasureRequestedAt;
  if (!matches) throw applicationNotFound();
  const record = await findApplicationRecord(app.db, key.id);
  if (!record) throw applicationNotFound();
  return result(app, record);
}

export const trackingLinkExpired = () =>
  new AppError(
    'TRACKING_LINK_EXPIRED',
    401,
    'This tracking link has expired or is not valid. Enter your application ID and e-mail address to track your application.',
  );

/**
 * The signed link of an e-mail, or the token the track page keeps for the session. Opened while
 * signed in, an e-mailed link also adds a signed-out application to that account (D2).
 */
export async function trackByToken(
  app: FastifyInstance,
  token: string,
  userId: string | null = null,
): Promise<TrackResult> {
  const opened = await openTrackingTokenDetails(app, token, 'track');
  if (!opened) throw trackingLinkExpired();
  const added =
    userId !== null &&
    opened.mailed &&
    (await addApplicationByMailedLink(app, userId, opened.applicationId));
  const record = await findApplicationRecord(app.db, opened.applicationId);
  if (!record) throw applicationNotFound();
  return added
    ? { ...result(app, record, token), addedToAccount: true }
    : result(app, record, token);
}

/** The application a live-stream token opens, checked before the stream starts. */
export async function streamTarget(app: FastifyInstance, streamToken: string): Promise<string> {
  const id = await openTrackingToken(app, streamToken, 'stream');
  if (!id) throw trackingLinkExpired();
  return id;
}

/**
 * What a track stream starts from, when the cookie's token opens this application's stream and
 * was not revoked since. The revocation time comes with the kept snapshot of the application, so
 * opening many streams on one application reads the database once.
 */
export async function streamStart(
  app: FastifyInstance,
  token: string | null,
  requestedId: string,
): Promise<Snapshot> {
  const opened = token ? app.trackingTokens.open(token, 'stream') : null;
  if (!opened || opened.applicationId !== requestedId.toLowerCase()) throw trackingLinkExpired();
  const snapshot = await app.applicationLive.current(opened.applicationId);
  if (!snapshot || revokedSince(opened.issuedAtMs, snapshot.trackingRevokedAt)) {
    app.applicationLive.forgetUnlessWatched(opened.applicationId);
    throw trackingLinkExpired();
  }
  return snapshot;
}

/** The applicant ends every tracking link of the application: the current link proves the right to. */
export async function revokeWithToken(app: FastifyInstance, token: string): Promise<void> {
  const id = await openTrackingToken(app, token, 'track');
  if (!id) throw trackingLinkExpired();
  await revokeTracking(app, id);
}
