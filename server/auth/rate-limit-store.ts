import type { BetterAuthRateLimitStorage } from 'better-auth';

/**
 * A fixed-window counter per key, in this process's memory (one store per app, so tests do not
 * share buckets). Several server instances would each count on their own: a shared store
 * (PostgreSQL or Redis) is the step up when the portal runs more than one.
 */
export class MemoryRateLimitStore implements BetterAuthRateLimitStorage {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  async consume(key: string, rule: { window: number; max: number }) {
    return this.hit(key, rule.max, rule.window);
  }

  hit(key: string, max: number, windowSeconds: number): { allowed: boolean; retryAfter: number | null } {
    const now = Date.now();
    this.prune(now);
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      this.buckets.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
      return { allowed: true, retryAfter: null };
    }
    if (bucket.count >= max) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
    }
    bucket.count += 1;
    return { allowed: true, retryAfter: null };
  }

  private lastPrune = 0;

  private prune(now: number) {
    if (now - this.lastPrune < 60_000 && this.buckets.size < 50_000) return;
    this.lastPrune = now;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
