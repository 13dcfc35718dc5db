import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftContent, DraftView, MyDraft } from '../../../shared/schemas/draft';
import { ApiError, apiFetch, apiGet, apiPost } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import {
  canKeepDrafts,
  clearLocalDraft,
  markSavedTo,
  readLocalDraft,
  rememberLink,
  rememberedLink,
  writeLocalDraft,
} from './draft-store';

export const myDraftKey = ['my-draft'] as const;

/** Where what is typed is kept now: this browser, and the account once the save has answered. */
export type DraftSaved = 'none' | 'browser' | 'account';

export interface Draft {
  /** Loading what was saved (this browser's, the account's, the e-mailed link's). */
  ready: boolean;
  initial: DraftContent | null;
  /** The e-mailed link could not be opened (expired, already used for a sent application). */
  linkError: ApiError | null;
  saved: DraftSaved;
  /** Whether this browser keeps what is typed (else leaving the page loses it). */
  canKeep: boolean;
  save(content: DraftContent): void;
  /** Before sending: no save of the account's draft still on its way (it would come back after). */
  settle(): Promise<void>;
  /** Sent: every copy goes. */
  finish(): void;
}

const serverDelayMs = 1_000;

/** The secret of a "continue later" link, taken out of the address bar at once (decision 0032). */
function takeLinkToken(): string | null {
  const match = /^#draft=([A-Za-z0-9_-]{20,100})$/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return match[1]!;
}

const newer = (a: { updatedAt: string } | null, b: { updatedAt: string } | null) =>
  (a ? Date.parse(a.updatedAt) : 0) > (b ? Date.parse(b.updatedAt) : 0);

/** The application form's draft (issue 25 §1, decision 0043). */
export function useDraft(programId: string): Draft {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = !!session.data;
  const userId = session.data?.id;
  const [state, setState] = useState<{
    ready: boolean;
    initial: DraftContent | null;
    linkError: ApiError | null;
  }>({ ready: false, initial: null, linkError: null });
  const [saved, setSaved] = useState<DraftSaved>('none');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef<{ content: DraftContent; updatedAt: string } | null>(null);
  const finished = useRef(false);
  const [linkToken] = useState(() => (typeof window === 'undefined' ? null : takeLinkToken()));

  useEffect(() => {
    if (session.isPending) return;
    let cancelled = false;
    void (async () => {
      const local = readLocalDraft(programId);
      let initial: DraftContent | null = local;
      let linkError: ApiError | null = null;
      if (linkToken) {
        try {
          initial = await apiPost<DraftView>('/api/drafts/open', { token: linkToken });
          rememberLink(linkToken);
        } catch (error) {
          linkError = error instanceof ApiError ? error : null;
        }
      } else if (signedIn) {
        const mine = await apiGet<MyDraft>('/api/me/draft').catch(() => null);
        const account = mine?.draft;
        if (account && account.choice.programId === programId && newer(account, local))
          initial = account;
        // what this browser had saved to the account is gone there: sent, or given up, elsewhere
        else if (mine && !account && local?.savedTo === session.data?.id) {
          clearLocalDraft(programId);
          initial = null;
        }
      }
      if (!cancelled) setState({ ready: true, initial, linkError });
    })();
    return () => {
      cancelled = true;
    };
    // the draft is read once, when the session is known
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.isPending]);

  const sendToAccount = useCallback(() => {
    timer.current = null;
    const waiting = pending.current;
    pending.current = null;
    if (!waiting || finished.current) return;
    const put = apiFetch('/api/me/draft', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(waiting.content),
    }).then(
      () => {
        if (!finished.current) {
          if (userId) markSavedTo(userId, waiting.updatedAt);
          setSaved('account');
          void queryClient.invalidateQueries({ queryKey: myDraftKey });
        }
      },
      () => undefined,
    );
    inFlight.current = put;
  }, [queryClient, userId]);

  const save = useCallback(
    (content: DraftContent) => {
      if (finished.current) return;
      const local = writeLocalDraft(content);
      setSaved(local ? 'browser' : 'none');
      if (!signedIn) return;
      pending.current = { content, updatedAt: local?.updatedAt ?? '' };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(sendToAccount, serverDelayMs);
    },
    [signedIn, sendToAccount],
  );

  // leaving the page: what is still waiting goes now
  useEffect(() => {
    const flush = () => {
      if (timer.current) {
        clearTimeout(timer.current);
        sendToAccount();
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [sendToAccount]);

  const settle = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await inFlight.current;
  }, []);

  const finish = useCallback(() => {
    finished.current = true;
    const token = rememberedLink();
    clearLocalDraft(programId);
    if (token) void apiPost('/api/drafts/discard', { token }).catch(() => undefined);
    setSaved('none');
    void queryClient.invalidateQueries({ queryKey: myDraftKey });
  }, [programId, queryClient]);

  return { ...state, saved, canKeep: canKeepDrafts(), save, settle, finish };
}
