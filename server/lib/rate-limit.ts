import { createHmac, hkdfSync } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared rate limits: `app.rateLimits.limit('name', { max, windowSeconds }).consume(key)`. */
    rateLimits: RateLimits;
  }
}

export interface RateRule {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Whole seconds until the window frees up (at least 1 when refused, 0 when allowed). */
  retryAfterSeconds: number;
  remaining: number;
}

/** One named limit; keys (an address, an e-mail) are hashed before they reach the database. */
export interface RateLimit {
  readonly rule: RateRule;
  /** Counts `points` attempts for `key` and says whether they fit in the window. */
  consume(key: string, points?: number): Promise<RateVerdict>;
  /** What `key` has used, without counting anything. */
  peek(key: string): Promise<RateVerdict>;
  /** Gives back points (e.g. a success that should not count). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** The limit named `name` with this rule; the same name and rule give the same counters. */
  limit(name: string, rule: RateRule): RateLimit;
  /** Deletes counters whose window ended before `olderThan` (the hourly sweep job). */
  sweep(olderThan?: Date): Promise<number>;
}

function verdict(res: RateLimiterRes, max: number, allowed: boolean): RateVerdict {
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    remaining: Math.max(0, max - res.consumedPoints),
  };
}

/**
 * Every rate limit of the portal, kept in the database (PostgreSQL or PGlite) so that several
 * instances count together. `secret` keys the hash that replaces each limited key.
 */
export function createRateLimits(db: Db, secret: string | Buffer): RateLimits {
  const limiters = new Map<string, RateLimit>();
  const hash = (name: string, key: string) =>
    `${name}:${createHmac('sha256', secret).update(`${name}\n${key}`).digest('base64url').slice(0, 32)}`;

  function build(name: string, rule: RateRule): RateLimit {
    const limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      points: rule.max,
      duration: rule.windowSeconds,
      keyPrefix: '',
      clearExpiredByTimeout: false,
    });
    return {
      rule,
      async consume(key, points = 1) {
        try {
          return verdict(await limiter.consume(hash(name, key), points), rule.max, true);
        } catch (outcome) {
          if (outcome instanceof RateLimiterRes) return verdict(outcome, rule.max, false);
          throw outcome;
        }
      },
      async peek(key) {
        const res = await limiter.get(hash(name, key));
        if (!res) return { allowed: true, retryAfterSeconds: 0, remaining: rule.max };
        return verdict(res, rule.max, res.consumedPoints < rule.max);
      },
      async reward(key, points = 1) {
        await limiter.reward(hash(name, key), points);
      },
      async reset(key) {
        await limiter.delete(hash(name, key));
      },
    };
  }

  return {
    limit(name, rule) {
      const id = `${name}|${rule.max}|${rule.windowSeconds}`;
      let limit = limiters.get(id);
      if (!limit)
        limiters.set(id, (limit = build(`${name}.${rule.max}.${rule.windowSeconds}`, rule)));
      return limit;
    },
    async sweep(olderThan = new Date()) {
      const removed = await db
        .delete(rateLimits)
        .where(lt(rateLimits.expire, olderThan))
        .returning({ key: rateLimits.key });
      return removed.length;
    },
  };
}

/** Decorates `app.rateLimits`, keyed by a key derived from the auth secret. */
export function registerRateLimits(app: FastifyInstance, authSecret: string): void {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'uk-study-portal', 'rate-limit-keys', 32));
  app.decorate('rateLimits', createRateLimits(app.db, key));
}
