import { createHmac } from 'node:crypto';
import { rateLimitedMessage } from '../../shared/auth-messages.ts';
import { AppError } from '../lib/errors.ts';
import { MemoryRateLimitStore } from './rate-limit-store.ts';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, rateLimitedMessage(retryAfterSeconds));
    this.name = 'RateLimitedError';
  }
}

/**
 * Attempts per account (e-mail address) and endpoint, on top of better-auth's per-IP limit, so
 * an attacker spreading over many addresses still cannot hammer one account. Keys are keyed
 * hashes of the lower-cased address: the address itself is neither kept nor logged.
 */
export class AccountLimiter {
  private readonly store = new MemoryRateLimitStore();

  constructor(
    private readonly rule: { max: number; windowSeconds: number },
    private readonly secret: string,
  ) {}

  /** Throws a 429 when this account has used up its attempts at `path`. */
  consume(path: string, email: string): void {
    const key = createHmac('sha256', this.secret).update(`${path}\n${email.trim().toLowerCase()}`).digest('base64url');
    const verdict = this.store.hit(key, this.rule.max, this.rule.windowSeconds);
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfter ?? this.rule.windowSeconds);
  }
}
