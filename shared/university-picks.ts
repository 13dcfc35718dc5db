/** Exactly this many universities must be picked to continue (spec section 9). */
export const requiredUniversityPicks = 3;

export type PickResult = { picks: string[]; outcome: 'added' | 'removed' | 'full' };

/** Picking a picked one removes it; a fourth pick is ignored. */
export function togglePick(picks: readonly string[], id: string): PickResult {
  if (picks.includes(id)) return { picks: picks.filter((p) => p !== id), outcome: 'removed' };
  if (picks.length >= requiredUniversityPicks) return { picks: [...picks], outcome: 'full' };
  return { picks: [...picks, id], outcome: 'added' };
}
