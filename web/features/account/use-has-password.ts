import { useLinkedIdentities } from '../../lib/identity-api';

/** An account that signs in with a provider or a passkey may have no password (decision 0023). */
export function useHasPassword(): boolean {
  const identities = useLinkedIdentities();
  return identities.data
    ? identities.data.some((identity) => identity.providerId === 'credential')
    : true;
}
