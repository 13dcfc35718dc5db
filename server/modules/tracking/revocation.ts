import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { publishApplicationChange } from '../applications/live.ts';
import { findTrackingState, markTrackingRevoked } from './repository.ts';
import type { TokenPurpose } from './tokens.ts';

/**
 * Ends every tracking link and stream token issued so far for one application (finding 11): the
 * e-mailed link, links forwarded to others, open track pages. Tracking by id and e-mail still
 * works and issues new ones. Returns when it happened, or null for an unknown application.
 */
export async function revokeTracking(
  app: FastifyInstance,
  applicationId: string,
  inTransaction?: (tx: Db) => Promise<void>,
): Promise<Date | null> {
  const at = new Date();
  return app.db.transaction(async (tx) => {
    const row = await markTrackingRevoked(tx, applicationId, at);
    if (!row) return null;
    await inTransaction?.(tx);
    await publishApplicationChange(tx, row.id, row.userId, { revoked: true });
    return at;
  });
}

/** The application a token opens, unless it was issued before that application's tracking was revoked. */
export async function openTrackingToken(
  app: FastifyInstance,
  token: string,
  purpose: TokenPurpose,
): Promise<string | null> {
  return (await openTrackingTokenDetails(app, token, purpose))?.applicationId ?? null;
}

/** As `openTrackingToken`, with whether the token came by e-mail. */
export async function openTrackingTokenDetails(
  app: FastifyInstance,
  token: string,
  purpose: TokenPurpose,
): Promise<{ applicationId: string; mailed: boolean } | null> {
  const opened = app.trackingTokens.open(token, purpose);
  if (!opened) return null;
  const row = await findTrackingState(app.db, opened.applicationId);
  // A case kept after its applicant asked for erasure (D16) opens for nobody, whatever the token.
  if (!row || row.erasureRequestedAt) return null;
  if (revokedSince(opened.issuedAtMs, row.revokedAt)) return null;
  return { applicationId: opened.applicationId, mailed: opened.mailed };
}

/** A token issued at or before the last revocation no longer opens anything. */
export function revokedSince(issuedAtMs: number, revokedAt: Date | null): boolean {
  return revokedAt !== null && issuedAtMs <= revokedAt.getTime();
}
