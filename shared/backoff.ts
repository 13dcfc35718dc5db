/**
 * The spec's generic backoff (D15): start at 1 s, double each time, cap at 4 hours, 50 % jitter
 * (each wait is drawn between half and the whole of its step, so the cap is never passed).
 */
export interface BackoffRule {
  startMs: number;
  factor: number;
  capMs: number;
  jitter: number;
}

export const genericBackoff: BackoffRule = {
  startMs: 1_000,
  factor: 2,
  capMs: 4 * 60 * 60 * 1000,
  jitter: 0.5,
};

/** The wait before retry number `attempt` (1 for the first retry). */
export function backoffDelay(
  attempt: number,
  rule: BackoffRule = genericBackoff,
  random: () => number = Math.random,
): number {
  const step = Math.min(rule.capMs, rule.startMs * rule.factor ** Math.max(0, attempt - 1));
  return Math.round(step * (1 - rule.jitter * random()));
}
