import { describe, expect, it } from 'vitest';
import { togglePick } from './university-picks.ts';

describe('togglePick', () => {
  it('adds up to three picks in order', () => {
    let picks: string[] = [];
    for (const id of ['a', 'b', 'c']) picks = togglePick(picks, id).picks;
    expect(picks).toEqual(['a', 'b', 'c']);
  });

  it('ignores a fourth pick and says so', () => {
    expect(togglePick(['a', 'b', 'c'], 'd')).toEqual({ picks: ['a', 'b', 'c'], outcome: 'full' });
  });

  it('removes a pick that is picked again', () => {
    expect(togglePick(['a', 'b', 'c'], 'b')).toEqual({ picks: ['a', 'c'], outcome: 'removed' });
  });
});
