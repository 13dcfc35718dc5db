import type { Db } from '../../db/client.ts';

/**
 * The queue's counts (per status, and the late / action-required / overdue flags) cost more than
 * its page of rows: at 100,000 applications each is a count over thousands of rows. A consultant
 * paging, sorting or reloading the queue asks the same counts again, so each is kept a few seconds
 * per filter, per database.
 *
 * Correctness: every application change bumps one counter, here before its transaction commits
 * (`publishApplicationChange`, so this instance's next read recomputes) and again when its notice
 * arrives from PostgreSQL after the commit, on every instance (so a count read while the change
 * was in flight is dropped). A count is used only while the counter has not moved since it
 * started, and never after `ttlMs` (cases become late as time passes, with no change to notice;
 * writes that publish no notice, such as erasure, are bounded by it too).
 */
export const countsTtlMs = 5_000;
const maxEntries = 500;

let changes = 0;

/** An application changed (or may have, here or on another instance): counts are read again. */
export function noteApplicationChange(): void {
  changes++;
}

interface Entry {
  at: number;
  changes: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/** `compute()` for `key`, or the same answer given less than `ttlMs` ago with no change since. */
export function cachedCount<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const now = Date.now();
  const kept = entries.get(key);
  if (kept && kept.changes === changes && now - kept.at < countsTtlMs && now >= kept.at)
    return kept.value as Promise<T>;
  const entry: Entry = { at: now, changes, value: compute() };
  entries.delete(key);
  entries.set(key, entry);
  // a failed count is not kept
  entry.value.catch(() => entries.get(key) === entry && entries.delete(key));
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  return entry.value as Promise<T>;
}
