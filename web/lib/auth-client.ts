import { useQuery } from '@tanstack/react-query';
import type { EmailOnlyInput, ResetPasswordInput, SignInInput, SignUpInput } from '../../shared/schemas/auth';
import { apiGet, apiPost } from './api-client';
import { queryClient } from './query-client';

/** The signed-in account as the server reports it (no tokens: the session lives in an HttpOnly cookie). */
export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: 'applicant' | 'consultant' | 'catalogue_editor' | 'admin';
  name: string;
}

export const sessionQueryKey = ['auth', 'session'] as const;
const sessionKey = sessionQueryKey;
export const sessionPath = '/api/auth/get-session';

/** What /api/auth/get-session answers, as the session query holds it (the server renders with it too). */
export const sessionUserOf = (session: { user: AccountUser } | null) => session?.user ?? null;

async function fetchSessionUser(): Promise<AccountUser | null> {
  return sessionUserOf(await apiGet<{ user: AccountUser } | null>(sessionPath));
}

/** `data` is the signed-in user, or null when signed out. */
export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: fetchSessionUser, staleTime: 30_000, retry: 1 });
}

async function refreshSession() {
  await queryClient.invalidateQueries({ queryKey: sessionKey });
}

/**
 * Drops the signed-in state and everything fetched as this user. After `signOut()`, call it,
 * navigate (with `flushSync`), then `signOutFinished()`: meanwhile protected pages stand aside.
 */
export function forgetSession() {
  queryClient.setQueryData(sessionKey, null);
  // Anything fetched as this user (applications…) must not show to the next one.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}

export async function signUp(input: SignUpInput): Promise<void> {
  await apiPost('/api/auth/sign-up/email', input);
}

export async function signIn(input: SignInInput): Promise<void> {
  await apiPost('/api/auth/sign-in/email', input);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  await refreshSession();
}

/**
 * True from the start of a sign-out the user asked for until `forgetSession()`: protected pages
 * then leave the redirect to the sign-out, instead of sending the user to /login as if the
 * session had merely expired.
 */
let isSigningOut = false;
export const signOutInProgress = () => isSigningOut;
export function signOutFinished() {
  isSigningOut = false;
}

async function endingSession(request: () => Promise<unknown>): Promise<void> {
  isSigningOut = true;
  try {
    await request();
  } catch (error) {
    isSigningOut = false;
    throw error;
  }
}

/** Ends this device's session on the server; then navigate and `forgetSession()`. */
export async function signOut(): Promise<void> {
  await endingSession(() => apiPost('/api/auth/sign-out', {}));
}

/** "Delete my account" (after the password again): the account and every session end; then navigate and `forgetSession()`. */
export async function deleteAccount(password: string): Promise<void> {
  await endingSession(() => apiPost('/api/me/delete-account', { password }));
}

/** Ends every session of the user, on every device, and this one's cookie; then navigate and `forgetSession()`. */
export async function signOutEverywhere(): Promise<void> {
  await endingSession(async () => {
    await apiPost('/api/auth/revoke-sessions', {});
    await apiPost('/api/auth/sign-out', {}).catch(() => undefined);
  });
}

export async function requestPasswordReset(input: EmailOnlyInput): Promise<void> {
  await apiPost('/api/auth/request-password-reset', input);
}

export async function resendConfirmation(input: EmailOnlyInput): Promise<void> {
  await apiPost('/api/auth/send-verification-email', input);
}

export async function isResetLinkValid(token: string): Promise<boolean> {
  return (await apiPost<{ valid: boolean }>('/api/auth/reset-password/status', { token })).valid;
}

/** Sets the new password; the server signs the user in. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiPost('/api/auth/reset-password', input);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  await refreshSession();
}
