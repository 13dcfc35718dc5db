import type { Location, NavigateOptions } from './location';

/** How an address was reached: a link or `navigate` (push, replace), or back and forward (pop). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** What the portal keeps in `history.state` (the shape React Router kept, so older entries still read). */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const entryOf = (state: unknown): Partial<HistoryEntry> =>
  (state && typeof state === 'object' ? state : {}) as Partial<HistoryEntry>;

export function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = entryOf(window.history.state);
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Puts the address in the browser's history, or loads it as a new document when it is another
 * site's; false when there is nothing for the app to show (it left, or the browser refused).
 */
export function pushAddress(to: string, options: NavigateOptions): boolean {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url);
    return false;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const here = entryOf(window.history.state);
  const entry: HistoryEntry = {
    usr: options.state ?? null,
    key: newKey(),
    idx: (here.idx ?? 0) + (options.replace ? 0 : 1),
  };
  try {
    if (options.replace) window.history.replaceState(entry, '', path);
    else window.history.pushState(entry, '', path);
    return true;
  } catch {
    // too many entries (iOS Safari caps them) or state it cannot keep: a plain page load still works
    window.location.assign(path);
    return false;
  }
}
