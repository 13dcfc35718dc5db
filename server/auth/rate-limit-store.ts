import type { BetterAuthRateLimitStorage } from 'better-auth';
import type { RateLimits } from '../lib/rate-limit.ts';

/**
 * better-auth's per-IP limits, counted in the database (server/lib/rate-limit.ts) so that every
 * instance shares them.
 */
export function databaseRateLimitStore(rateLimits: RateLimits): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const verdict = await rateLimits
        .limit('auth-ip', { max: rule.max, windowSeconds: rule.window })
        .consume(key);
      return {
        allowed: verdict.allowed,
        retryAfter: verdict.allowed ? null : verdict.retryAfterSeconds,
      };
    },
  };
}
