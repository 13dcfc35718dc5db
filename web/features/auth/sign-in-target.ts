/** Where to go after signing in: the page that sent the user here (route state), else the dashboard. */
export function signInTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const isOwnPath = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login');
  return isOwnPath ? from : '/dashboard';
}
