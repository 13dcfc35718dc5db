/**
 * A fixed-window counter per client address, in memory (one instance). Enough to stop a client
 * probing application ids; several instances would need a shared store.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the client is over its limit for this window. */
  take(clientKey: string): boolean;
}

export function createRateLimiter(max: number, windowSeconds: number): RateLimiter {
  const windowMs = windowSeconds * 1000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + windowMs;

  function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + windowMs;
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  }

  return {
    take(clientKey) {
      const now = Date.now();
      sweep(now);
      const entry = windows.get(clientKey);
      if (!entry || entry.resetAt <= now) {
        windows.set(clientKey, { count: 1, resetAt: now + windowMs });
        return true;
      }
      entry.count += 1;
      return entry.count <= max;
    },
  };
}
