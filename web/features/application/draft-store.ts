import type { DraftContent } from '../../../shared/schemas/draft';
import { draftLimits } from '../../../shared/schemas/draft';

/**
 * The application form's draft in this browser (issue 25 §1, decision 0043). Each tab writes its
 * own localStorage entry (`application-draft:<tab>`; the tab's id lives in sessionStorage, which a
 * reload, Back and Forward and a restored session keep), so two tabs never overwrite each other; a
 * new tab starts from the latest entry for the same program. The passport number is kept in this
 * tab's sessionStorage only: it is never left on a shared computer once the tab is closed.
 */
export interface LocalDraft extends DraftContent {
  updatedAt: string;
  /** The account this very content was saved to: gone there means sent (or erased) elsewhere. */
  savedTo?: string;
}

const prefix = 'application-draft:';
const tabKey = 'application-draft-tab';
const passportKey = 'application-draft-passport';
const linkKey = 'application-draft-link';
const maxEntries = 5;

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    const store = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__draft_probe__';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}

/** Whether this browser can keep what is typed (private modes and full disks may refuse). */
export const canKeepDrafts = () => storage('local') !== null && storage('session') !== null;

function tabId(): string | null {
  const session = storage('session');
  if (!session) return null;
  let id = session.getItem(tabKey);
  if (!id) {
    id = crypto.randomUUID();
    session.setItem(tabKey, id);
  }
  return id;
}

function readEntry(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LocalDraft;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.updatedAt !== 'string') return null;
    if (Date.now() - Date.parse(parsed.updatedAt) > draftLimits.keptDays * 86_400_000) return null;
    return parsed;
  } catch {
    return null;
  }
}

function entries(local: Storage): [string, LocalDraft][] {
  const found: [string, LocalDraft][] = [];
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (!key?.startsWith(prefix)) continue;
    const draft = readEntry(local.getItem(key));
    if (draft) found.push([key, draft]);
    else local.removeItem(key);
  }
  return found.sort((a, b) => b[1].updatedAt.localeCompare(a[1].updatedAt));
}

function withPassport(draft: LocalDraft): LocalDraft {
  const passport = storage('session')?.getItem(passportKey);
  return passport ? { ...draft, values: { ...draft.values, passportNumber: passport } } : draft;
}

/** This tab's draft; in a new tab, the latest one kept for this program. */
export function readLocalDraft(programId: string): LocalDraft | null {
  const local = storage('local');
  const id = tabId();
  if (!local || !id) return null;
  const own = readEntry(local.getItem(prefix + id));
  if (own) return withPassport(own);
  const latest = entries(local).find(([, d]) => d.choice.programId === programId)?.[1];
  return latest ? withPassport(latest) : null;
}

export function writeLocalDraft(draft: DraftContent): LocalDraft | null {
  const local = storage('local');
  const session = storage('session');
  const id = tabId();
  if (!local || !session || !id) return null;
  const { passportNumber, ...values } = draft.values;
  const entry: LocalDraft = { ...draft, values, updatedAt: new Date().toISOString() };
  try {
    if (passportNumber) session.setItem(passportKey, passportNumber);
    else session.removeItem(passportKey);
    local.setItem(prefix + id, JSON.stringify(entry));
    for (const [key] of entries(local).slice(maxEntries)) local.removeItem(key);
    return { ...entry, values: draft.values };
  } catch {
    return null;
  }
}

/** The account's save of this tab's latest content answered. */
export function markSavedTo(userId: string, updatedAt: string): void {
  const local = storage('local');
  const id = tabId();
  if (!local || !id) return;
  const entry = readEntry(local.getItem(prefix + id));
  if (entry?.updatedAt === updatedAt)
    local.setItem(prefix + id, JSON.stringify({ ...entry, savedTo: userId }));
}

/** Sent: this tab's draft goes, and every other one for the same program (it was the same form). */
export function clearLocalDraft(programId: string): void {
  const local = storage('local');
  const session = storage('session');
  session?.removeItem(passportKey);
  session?.removeItem(linkKey);
  if (!local) return;
  const id = tabId();
  if (id) local.removeItem(prefix + id);
  for (const [key, d] of entries(local))
    if (d.choice.programId === programId) local.removeItem(key);
}

/** The secret of the "continue later" link this tab opened: discarded once the form is sent. */
export const rememberLink = (token: string) => storage('session')?.setItem(linkKey, token);
export const rememberedLink = () => storage('session')?.getItem(linkKey) ?? null;
