import { useQuery } from '@tanstack/react-query';
import type {
  BackupCodeInput,
  EmailCodeInput,
  EmailOnlyInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  TotpCodeInput,
} from '../../shared/schemas/auth';
import { announceSessionChange } from './session-events';
import { apiGet, apiPost } from './api-client';
import { queryClient } from './query-client';

/** The signed-in account as the server reports it (no tokens: the session lives in an HttpOnly cookie). */
export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: 'applicant' | 'consultant' | 'catalogue_editor' | 'admin' | 'partner';
  name: string;
  /** An authenticator app is set up (issue 10). */
  twoFactorEnabled?: boolean;
  /** Staff: an authenticator app or a passkey is set up, so the console opens (decision 0023). */
  secondFactor?: boolean;
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

let renewal: Promise<unknown> = Promise.resolve();

/**
 * Runs an action after which the server renews this browser's session (setting up two-step
 * verification, changing the password): the old session ends and a new cookie arrives. Until the
 * answer is in, the "session ended" news about the old one must not be acted on: a session read
 * with the old cookie would even clear the new one.
 */
export function renewingSession<T>(action: () => Promise<T>): Promise<T> {
  const running = action();
  renewal = running.catch(() => undefined);
  return running;
}

/** Resolves once any session renewal under way has finished. */
export const sessionSettled = () => renewal;

/** Reads the session from the server again and returns who is signed in now (null if nobody). */
export async function reloadSession(): Promise<AccountUser | null> {
  await queryClient.invalidateQueries({ queryKey: sessionKey });
  return queryClient.getQueryData<AccountUser | null>(sessionKey) ?? null;
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

/** What a sign-in step answers: signed in, or the second factor is still to come. */
/** `passkeyOnly`: the second step is the passkey (staff with no authenticator app, decision 0023). */
export type SignInResult = { needsSecondFactor: boolean; passkeyOnly?: boolean };

type SecondFactorAnswer = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;

const challengeOf = (answer: SecondFactorAnswer): SignInResult => ({
  needsSecondFactor: true,
  passkeyOnly: answer?.twoFactorMethods?.length === 1 && answer.twoFactorMethods[0] === 'passkey',
});

/** Where a sign-in that still needs its second step goes on: the code page or the passkey page. */
export const secondStepPath = (result: SignInResult) =>
  result.passkeyOnly ? '/login?step=passkey' : '/login?step=code';

async function signInStep(path: string, body: object): Promise<SignInResult> {
  const answer = await apiPost<SecondFactorAnswer>(path, body);
  if (answer?.twoFactorRedirect) return challengeOf(answer);
  await signedIn();
  return { needsSecondFactor: false };
}

/** After any sign-in: nothing of the previous user stays, the session is read again, other tabs hear of it. */
async function signedIn() {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  await refreshSession();
  announceSessionChange('signed-in');
}

export function signIn(input: SignInInput): Promise<SignInResult> {
  return signInStep('/api/auth/sign-in/email', input);
}

/** "Email me a sign-in code": one e-mail with a 6-digit code and a link. The answer is the same for every address. */
export async function requestEmailCode(email: string): Promise<void> {
  await apiPost('/api/auth/sign-in/magic-link', { email });
}

export function signInWithEmailCode(input: EmailCodeInput): Promise<SignInResult> {
  return signInStep('/api/auth/sign-in/email-otp', input);
}

/** The link page posts the token it found in the address's fragment. */
export function signInWithLink(token: string): Promise<SignInResult> {
  return signInStep('/api/auth/magic-link/verify', { token });
}

/** The second step of a sign-in: the authenticator app's code, or a backup code. */
export async function verifySecondFactor(
  kind: 'totp' | 'backup',
  input: TotpCodeInput | BackupCodeInput,
): Promise<void> {
  await apiPost(
    kind === 'totp'
      ? '/api/auth/two-factor/verify-totp'
      : '/api/auth/two-factor/verify-backup-code',
    input,
  );
  await signedIn();
}

/**
 * True from the start of a sign-out the user asked for until `forgetSession()`: protected pages
 * then leave the redirect to the sign-out, instead of sending the user to /login as if the
 * session had merely expired.
 */
let isSigningOut = false;
export const signOutInProgress = () => isSigningOut;
/** The session ended elsewhere: protected pages stand aside while the tab goes to /login. */
export function sessionEndingHere() {
  isSigningOut = true;
}
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
  announceSessionChange('signed-out');
}

/** Ends this device's session on the server; then navigate and `forgetSession()`. */
export async function signOut(): Promise<void> {
  await endingSession(() => apiPost('/api/auth/sign-out', {}));
}

/**
 * "Delete my account" (after the password again; without one, after a recent re-authentication by
 * a code or a passkey): the account and every session end; then navigate and `forgetSession()`.
 * `kept`: the active cases the screen said are kept (D16); the server refuses if that changed.
 */
export async function deleteAccount(password: string | undefined, kept: string[]): Promise<void> {
  await endingSession(() =>
    apiPost('/api/me/delete-account', password ? { password, kept } : { kept }),
  );
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

/** Posts a confirmation link's token (from its fragment); says which address it confirmed. */
export async function confirmEmail(token: string): Promise<'sign-up' | 'change'> {
  const answer = await apiPost<{ kind: 'sign-up' | 'change' }>('/api/auth/confirm-email', {
    token,
  });
  await refreshSession();
  return answer.kind;
}

export async function isResetLinkValid(token: string): Promise<boolean> {
  return (await apiPost<{ valid: boolean }>('/api/auth/reset-password/status', { token })).valid;
}

/** Sets the new password; the server signs the user in. */
export async function resetPassword(input: ResetPasswordInput): Promise<SignInResult> {
  const answer = await apiPost<SecondFactorAnswer>('/api/auth/reset-password', input);
  if (answer?.twoFactorRedirect) return challengeOf(answer);
  await signedIn();
  return { needsSecondFactor: false };
}
