import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { rateLimitedMessage } from './auth-errors.ts';
import type { RateLimit, RateLimits } from '../lib/rate-limit.ts';

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, rateLimitedMessage(retryAfterSeconds), { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();

/**
 * Sign-in attempts per account (e-mail address), on top of better-auth's per-IP limit (finding 5).
 * Only failures count, and past the limit attempts are spaced out (one per `slowDownSeconds`)
 * rather than refused for the whole window: someone guessing from many addresses gets a few
 * tries a minute, and the owner, whose sign-in succeeds, waits seconds at most and starts afresh.
 * Counted in the database (shared by every instance) under a keyed hash of the address.
 */
export class AccountLimiter {
  private readonly failures: RateLimit;
  private readonly spacing: RateLimit;

  constructor(rule: Config['auth']['rateLimit'], rateLimits: RateLimits) {
    this.failures = rateLimits.limit('auth-account-failures', rule.account);
    this.spacing = rateLimits.limit('auth-account-slow', {
      max: 1,
      windowSeconds: rule.slowDownSeconds,
    });
  }

  /**
   * Before a sign-in: throws a short 429 when this account is being slowed down and its turn has
   * not come. A device the account signed in from before (`knownDevice`) is let through: a guesser
   * who takes every turn does not lock the owner out (issue 22 finding 5).
   */
  async beforeSignIn(email: string, knownDevice = false): Promise<void> {
    const failed = await this.failures.peek(keyOf(email));
    if (failed.remaining > 0 || knownDevice) return;
    const turn = await this.spacing.consume(keyOf(email));
    if (!turn.allowed) throw new RateLimitedError(turn.retryAfterSeconds);
  }

  /** Whether sign-ins to this account are being spaced out now. */
  async isSlowed(email: string): Promise<boolean> {
    return (await this.failures.peek(keyOf(email))).remaining === 0;
  }

  /**
   * After it: a wrong password counts; a right one (even unconfirmed) clears the account's count,
   * unless it came from a known device let through while the account is slowed (the guessing
   * goes on elsewhere, and stays slow).
   */
  async afterSignIn(email: string, status: number, letThrough = false): Promise<void> {
    if (status === 401) await this.failures.consume(keyOf(email));
    else if ((status === 200 || status === 403) && !letThrough) {
      await this.failures.reset(keyOf(email));
      await this.spacing.reset(keyOf(email));
    }
  }
}

/** The kinds of account e-mail: each has its own cap per address (finding 5). */
export type AccountMailKind =
  | 'confirmation'
  | 'already-registered'
  | 'reset'
  | 'sign-in-code'
  | 'email-change'
  | 'email-changed-notice';

/**
 * Account e-mails per address and kind (finding 5): past the cap the request is answered as usual,
 * but no further e-mail of that kind goes out in the window, so nobody can bomb an inbox through
 * us, and using up one kind (say, reset requests) holds back no other (the sign-in code).
 */
export class MailCap {
  constructor(
    private readonly rule: { max: number; windowSeconds: number },
    private readonly rateLimits: RateLimits,
  ) {}

  /** Whether one more e-mail of `kind` may go to `email` now (counts it when so). */
  async allow(kind: AccountMailKind, email: string): Promise<boolean> {
    return (await this.rateLimits.limit(`auth-mails-${kind}`, this.rule).consume(keyOf(email)))
      .allowed;
  }
}
