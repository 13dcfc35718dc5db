import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client';
import { queryClient } from './query-client';

export interface SignInProvider {
  id: string;
  name: string;
}

/** The sign-in providers the server is configured with (none: no buttons). */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async () =>
      (await apiGet<{ providers: SignInProvider[] }>('/api/auth/providers')).providers,
    staleTime: Infinity,
  });
}

/** Starts sign-in (or linking, when signed in) at a provider: the browser leaves for its page. */
export async function goToProvider(provider: string, purpose: 'sign-in' | 'link'): Promise<void> {
  const path = purpose === 'link' ? '/api/auth/link-social' : '/api/auth/sign-in/social';
  const { url } = await apiPost<{ url: string }>(path, { provider });
  window.location.assign(url);
}

export interface LinkedIdentity {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string;
}

const linkedKey = ['identity', 'linked'] as const;

/** The ways this account signs in: its password ("credential") and each linked provider. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: linkedKey,
    queryFn: () => apiGet<LinkedIdentity[]>('/api/auth/list-accounts'),
  });
}

export async function unlinkIdentity(
  identity: Pick<LinkedIdentity, 'providerId' | 'id'>,
): Promise<void> {
  await apiPost('/api/auth/unlink-account', {
    providerId: identity.providerId,
    accountId: identity.id,
  });
  await queryClient.invalidateQueries({ queryKey: linkedKey });
}
