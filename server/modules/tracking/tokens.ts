import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring tokens for one application (D4): `track` opens tracking without the e-mail
 * (the confirmation link), `stream` opens the live stream for a short while.
 */
export type TokenPurpose = 'track' | 'stream';

interface Payload {
  p: TokenPurpose;
  a: string;
  e: number;
  /** Issued at (ms): tokens issued before the application's tracking was revoked stop working. */
  i?: number;
  /** 1 when the token went out by e-mail: opening it proves the holder reads that inbox (D2). */
  m?: 1;
}

export interface OpenedToken {
  applicationId: string;
  /** 0 for tokens issued before this field existed: any revocation ends them. */
  issuedAtMs: number;
  /** Sent in an e-mail (confirmation or status change), not handed to a browser that typed id + e-mail. */
  mailed: boolean;
}

export interface TrackingTokens {
  issue(
    purpose: TokenPurpose,
    applicationId: string,
    ttlSeconds?: number,
    options?: { mailed?: boolean },
  ): string;
  /** The application id the token was issued for, or null when forged, expired or for another use. */
  verify(token: string, purpose: TokenPurpose): string | null;
  /** As `verify`, with when the token was issued (for revocation). */
  open(token: string, purpose: TokenPurpose): OpenedToken | null;
}

export const streamTokenSeconds = 30 * 60;
const defaultTtl: Record<TokenPurpose, number> = { track: 30 * 86_400, stream: streamTokenSeconds };

export function createTrackingTokens(
  secret: Buffer,
  trackTtlSeconds = defaultTtl.track,
): TrackingTokens {
  const ttl: Record<TokenPurpose, number> = { ...defaultTtl, track: trackTtlSeconds };
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest();

  return {
    issue(purpose, applicationId, ttlSeconds = ttl[purpose], options = {}) {
      const payload: Payload = {
        p: purpose,
        a: applicationId,
        e: Math.floor(Date.now() / 1000) + ttlSeconds,
        i: Date.now(),
      };
      if (options.mailed) payload.m = 1;
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${sign(body).toString('base64url')}`;
    },

    verify(token, purpose) {
      return this.open(token, purpose)?.applicationId ?? null;
    },

    open(token, purpose) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = sign(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const payload = JSON.parse(
          Buffer.from(body, 'base64url').toString('utf8'),
        ) as Partial<Payload>;
        if (payload.p !== purpose || typeof payload.a !== 'string' || typeof payload.e !== 'number')
          return null;
        if (payload.e <= Date.now() / 1000) return null;
        return {
          applicationId: payload.a,
          issuedAtMs: typeof payload.i === 'number' ? payload.i : 0,
          mailed: payload.m === 1,
        };
      } catch {
        return null;
      }
    },
  };
}
