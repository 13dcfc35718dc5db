/** `/callback/<provider id>`: where a provider sends the browser back after sign-in. */
export function isCallbackPath(path: string): boolean {
  return /^\/callback\/[a-z0-9][a-z0-9-]{1,39}$/.test(path);
}

const errorPages = new Set(['/login', '/account']);
const errorCode = /^[a-z_'-]{1,64}$/i;

/**
 * Where the browser goes after a provider's callback. A success keeps better-auth's target. An
 * error keeps only its code, for the page to put in plain words: never the provider's own
 * description (any text, from a third party), and never better-auth's /api/auth/error page
 * (which the portal does not expose). The page is /login, or /account for a link in progress.
 */
export function callbackLocation(location: string, publicUrl: string): string {
  const target = new URL(location, publicUrl);
  const code = target.searchParams.get('error');
  if (target.origin === new URL(publicUrl).origin && code === null)
    return `${target.pathname}${target.search}`;
  if (code === null) return location;
  const page = errorPages.has(target.pathname) ? target.pathname : '/login';
  const safeCode = errorCode.test(code) ? code.toLowerCase() : 'unknown';
  return `${page}?sso_error=${encodeURIComponent(safeCode)}`;
}
