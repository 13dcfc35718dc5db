import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('generic backoff (D15)', () => {
  it('starts at 1 s and doubles', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, undefined, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
  });

  it('never waits more than 4 hours', () => {
    expect(backoffDelay(15, undefined, () => 0)).toBe(4 * 3_600_000);
    expect(backoffDelay(60, undefined, () => 0)).toBe(4 * 3_600_000);
  });

  it('takes off up to half of each step at random', () => {
    expect(backoffDelay(3, undefined, () => 0.999_999)).toBe(2_000);
    expect(backoffDelay(3, undefined, () => 0.5)).toBe(3_000);
  });
});
