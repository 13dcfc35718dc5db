import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { MessageDescriptor } from 'react-intl';
import { accountText } from './account-text';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client';
import { reloadSession, sessionQueryKey } from './auth-client';
import { queryClient } from './query-client';

export interface Passkey {
  id: string;
  name: string | null;
  createdAt: string;
  deviceType: string;
  backedUp: boolean;
}

const passkeysKey = ['identity', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => apiGet<Passkey[]>('/api/auth/passkey/list-user-passkeys'),
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey });

/** The browser's own words are technical; these are ours. */
export function passkeyFailure(error: unknown): MessageDescriptor | null {
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED')
    return accountText.passkeyCancelled;
  if (error instanceof Error && error.name === 'NotAllowedError')
    return accountText.passkeyTimedOut;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return accountText.passkeyAlreadyHere;
  return null;
}

/** Creates a passkey on this device (the browser asks the person) and saves it under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const optionsJSON = await apiGet<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/passkey/generate-register-options',
  );
  const response = await startRegistration({ optionsJSON });
  await apiPost('/api/auth/passkey/verify-registration', { response, name });
  await refresh();
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await apiPost('/api/auth/passkey/update-passkey', { id, name });
  await refresh();
}

export async function removePasskey(id: string): Promise<void> {
  await apiPost('/api/auth/passkey/delete-passkey', { id });
  await refresh();
  // A staff member's last passkey may have been their second factor: the console's routing reads it.
  await reloadSession();
}

/**
 * Signs in with a passkey. Resolves `'signed-in'`, or `'second-factor'` when the account also has
 * an authenticator app and the code is still to come.
 */
export async function signInWithPasskey(): Promise<'signed-in' | 'second-factor'> {
  const optionsJSON = await apiGet<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkey/generate-authenticate-options',
  );
  const response = await startAuthentication({ optionsJSON });
  const answer = await apiPost<{ twoFactorRedirect?: boolean }>(
    '/api/auth/passkey/verify-authentication',
    { response },
  );
  if (answer?.twoFactorRedirect) return 'second-factor';
  // As after a password sign-in: nothing fetched before belongs to this account.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  return 'signed-in';
}
