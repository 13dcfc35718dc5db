import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { InvitationPrefill } from '../../../shared/schemas/leads';
import { apiPost } from '../../lib/api-client';

const storageKey = 'portal.invitation';

const tokenInFragment = () => new URLSearchParams(window.location.hash.slice(1)).get('invite');

export interface Invitation {
  token: string;
  /** The name and contact the form is filled in with; undefined while it loads or if it failed. */
  prefill: InvitationPrefill | undefined;
  /** The link no longer works (a newer invitation replaced it): the form is the plain one. */
  failed: unknown;
}

/**
 * An invitation to apply sent from a referral (issue 28): the link's secret comes in the fragment
 * (decision 0032), moves out of the address bar into this tab's storage (the student may first
 * choose a program and come back) and is redeemed by POST for the name and contact to fill in.
 */
export function useInvitation(): Invitation | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const take = () => {
      const fromLink = tokenInFragment();
      if (fromLink) {
        sessionStorage.setItem(storageKey, fromLink);
        window.history.replaceState(
          window.history.state,
          '',
          window.location.pathname + window.location.search,
        );
      }
      setToken(sessionStorage.getItem(storageKey));
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, []);
  const opened = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiPost<InvitationPrefill>('/api/referral-invitations/open', { token }),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  if (!token) return null;
  return { token, prefill: opened.data, failed: opened.error };
}

/** After the application is sent: the invitation has done its work in this tab. */
export function forgetInvitation() {
  sessionStorage.removeItem(storageKey);
}
