import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  formatPicks,
  parsePicks,
  picksParam,
  togglePick,
  type PickResult,
} from '../../shared/university-picks';
import { useSearchParams } from './router';

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

const samePicks = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The picked universities of /universities and /programs: those the address names (`?picks=`, so
 * the server renders them and a page works before its scripts run), else those of this tab's
 * selection. Picks the address names become the selection once the page is hydrated; a change
 * goes to both.
 */
export function usePicks() {
  const selection = useSelection();
  const [params, setParams] = useSearchParams();
  const fromAddress = params.has(picksParam) ? parsePicks(params.get(picksParam)) : null;
  const universityIds = fromAddress ?? selection.universityIds;
  const { setUniversities } = selection;
  const addressed = fromAddress ? formatPicks(fromAddress) : null;
  useEffect(() => {
    if (addressed !== null) setUniversities(parsePicks(addressed));
  }, [addressed, setUniversities]);

  const setPicks = useCallback(
    (next: string[]) => {
      setUniversities(next);
      setParams(
        (current) => {
          const query = new URLSearchParams(current);
          if (next.length > 0) query.set(picksParam, formatPicks(next));
          else query.delete(picksParam);
          return query;
        },
        { replace: true },
      );
    },
    [setParams, setUniversities],
  );
  const toggle = (id: string): PickResult => {
    const result = togglePick(universityIds, id);
    if (result.outcome !== 'full' && !samePicks(result.picks, universityIds))
      setPicks(result.picks);
    return result;
  };
  return { ...selection, universityIds, toggle, setPicks };
}

/** The address of a page with these picks (and the rest of its query). */
export function withPicks(path: string, params: URLSearchParams, picks: readonly string[]): string {
  const query = new URLSearchParams(params);
  if (picks.length > 0) query.set(picksParam, formatPicks(picks));
  else query.delete(picksParam);
  const text = query.toString().replace(/%2C/gi, ',');
  return text ? `${path}?${text}` : path;
}
