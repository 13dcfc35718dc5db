import { useCallback, useSyncExternalStore } from 'react';

/** Programs put aside to compare (two to four), kept in session storage like the picks (D7). */
export const maxCompared = 4;
const storageKey = 'portal.compare.v1';
const listeners = new Set<() => void>();
const empty: string[] = [];
let cached: { raw: string | null; value: string[] } = { raw: null, value: empty };

function read(): string[] {
  const raw = sessionStorage.getItem(storageKey);
  if (raw === cached.raw) return cached.value;
  let value: string[] = empty;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      value = parsed.filter((id): id is string => typeof id === 'string').slice(0, maxCompared);
  } catch {
    value = empty;
  }
  cached = { raw, value };
  return value;
}

function write(next: string[]) {
  sessionStorage.setItem(storageKey, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The address of the comparison of these programs, to share. */
export function compareHref(ids: readonly string[]): string {
  return `/compare?programs=${ids.map(encodeURIComponent).join(',')}`;
}

/** The program ids a /compare address names: valid ids, no repeats, at most four. */
export function parseCompareIds(value: string | null): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) && id.length <= 120);
  return [...new Set(ids)].slice(0, maxCompared);
}

export function useCompareList() {
  const ids = useSyncExternalStore(subscribe, read, () => empty);
  /** Adds or removes; a fifth is refused ('full'). */
  const toggle = useCallback((id: string): 'added' | 'removed' | 'full' => {
    const current = read();
    if (current.includes(id)) {
      write(current.filter((x) => x !== id));
      return 'removed';
    }
    if (current.length >= maxCompared) return 'full';
    write([...current, id]);
    return 'added';
  }, []);
  const replace = useCallback((next: string[]) => write(next.slice(0, maxCompared)), []);
  return { ids, toggle, replace };
}
