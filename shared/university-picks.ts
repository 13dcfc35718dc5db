/** Exactly this many universities must be picked to continue (spec section 9). */
export const requiredUniversityPicks = 3;

export type PickResult = { picks: string[]; outcome: 'added' | 'removed' | 'full' };

/** Picking a picked one removes it; a fourth pick is ignored. */
export function togglePick(picks: readonly string[], id: string): PickResult {
  if (picks.includes(id)) return { picks: picks.filter((p) => p !== id), outcome: 'removed' };
  if (picks.length >= requiredUniversityPicks) return { picks: [...picks], outcome: 'full' };
  return { picks: [...picks, id], outcome: 'added' };
}

/**
 * The picks in a page's address (`?picks=a,b,c`, issue 26): a link or a form of /universities and
 * /programs carries them, so a page the server renders shows them before any script runs.
 */
export const picksParam = 'picks';

/** The picks an address names: catalogue ids, each once, at most three. */
export function parsePicks(value: string | null | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && id.length <= 120);
  return [...new Set(ids)].slice(0, requiredUniversityPicks);
}

export const formatPicks = (picks: readonly string[]) => picks.join(',');
