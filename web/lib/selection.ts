import { useCallback, useSyncExternalStore } from 'react';
import { togglePick, type PickResult } from '../../shared/university-picks';

/**
 * The picked universities and the chosen program (DECISIONS D7). Kept in session storage so a
 * reload, the back button or opening /application directly never loses them.
 */
export interface Selection {
  universityIds: string[];
  program: { programId: string; universityId: string } | null;
}

const storageKey = 'portal.selection.v1';
const empty: Selection = { universityIds: [], program: null };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Selection } = { raw: null, value: empty };

function read(): Selection {
  const raw = sessionStorage.getItem(storageKey);
  if (raw === cached.raw) return cached.value;
  let value: Selection;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<Selection>) : {};
    value = {
      universityIds: Array.isArray(parsed.universityIds)
        ? parsed.universityIds.filter((id): id is string => typeof id === 'string').slice(0, 3)
        : [],
      program:
        parsed.program &&
        typeof parsed.program.programId === 'string' &&
        typeof parsed.program.universityId === 'string'
          ? { programId: parsed.program.programId, universityId: parsed.program.universityId }
          : null,
    };
  } catch {
    value = empty;
  }
  cached = { raw, value };
  return value;
}

function write(next: Selection) {
  sessionStorage.setItem(storageKey, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelection() {
  const selection = useSyncExternalStore(subscribe, read, () => empty);

  const toggleUniversity = useCallback((id: string): PickResult['outcome'] => {
    const current = read();
    const result = togglePick(current.universityIds, id);
    if (result.outcome !== 'full') write({ ...current, universityIds: result.picks });
    return result.outcome;
  }, []);

  const chooseProgram = useCallback((programId: string, universityId: string) => {
    write({ ...read(), program: { programId, universityId } });
  }, []);

  /** Replaces the picks at once (guidance's "Use these three"). */
  const setUniversities = useCallback((ids: string[]) => {
    write({ ...read(), universityIds: ids.slice(0, 3) });
  }, []);

  const clearProgram = useCallback(() => write({ ...read(), program: null }), []);
  const clearAll = useCallback(() => write(empty), []);

  return { ...selection, toggleUniversity, setUniversities, chooseProgram, clearProgram, clearAll };
}
