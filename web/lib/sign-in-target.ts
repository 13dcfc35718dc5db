import { queryClient } from './query-client';
import { sessionQueryKey, type AccountUser } from './auth-client';

/** Where a signed-in person starts: staff in the console, partners in their portal (D20), everyone else on their dashboard. */
export function homeFor(user: Pick<AccountUser, 'role'> | null | undefined): string {
  if (user?.role === 'partner') return '/partner';
  return user && user.role !== 'applicant' ? '/staff' : '/dashboard';
}

/** The home of the account the session query now holds (after signing in or setting a password). */
export function signedInHome(): string {
  return homeFor(queryClient.getQueryData<AccountUser | null>(sessionQueryKey));
}

/** Where to go after signing in: the page that sent the user here (route state), else their home. */
export function signInTarget(state: unknown, home = '/dashboard'): string {
  const from = (state as { from?: unknown } | null)?.from;
  const isOwnPath =
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login');
  return isOwnPath ? from : home;
}

/**
 * Where to go once signed in: staff without a second factor are led to set one up first (issue
 * 10); everyone else goes where they were going.
 */
export function afterSignIn(state: unknown): string {
  const user = queryClient.getQueryData<AccountUser | null>(sessionQueryKey);
  if (user && user.role !== 'applicant' && !user.secondFactor) return '/account?setup=two-factor';
  return signInTarget(state, signedInHome());
}

/** After a password reset: the other ways into the account, each removable (decision 0032). */
export const reviewSignInPath = '/account/review-sign-in';
