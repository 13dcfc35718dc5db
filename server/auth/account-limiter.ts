import { rateLimitedMessage } from '../../shared/auth-messages.ts';
import { AppError } from '../lib/errors.ts';
import type { RateLimit, RateLimits } from '../lib/rate-limit.ts';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, rateLimitedMessage(retryAfterSeconds));
    this.name = 'RateLimitedError';
  }
}

/**
 * Attempts per account (e-mail address) and endpoint, on top of better-auth's per-IP limit, so
 * an attacker spreading over many addresses still cannot hammer one account. Counted in the
 * database (shared by every instance) under a keyed hash of the lower-cased address.
 */
export class AccountLimiter {
  private readonly limit: RateLimit;

  constructor(rule: { max: number; windowSeconds: number }, rateLimits: RateLimits) {
    this.limit = rateLimits.limit('auth-account', rule);
  }

  /** Throws a 429 when this account has used up its attempts at `path`. */
  async consume(path: string, email: string): Promise<void> {
    const verdict = await this.limit.consume(`${path}\n${email.trim().toLowerCase()}`);
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
  }
}
