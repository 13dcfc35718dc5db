import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

/** The params of `pattern` (wouter's syntax: `/track`, `/staff/*?`, `/programs/:id`) at `pathname`, or null. */
export function matchPath(
  pattern: string,
  pathname: string,
): Record<string, string | undefined> | null {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // a malformed escape: match the address as it came, like wouter
  }
  const [matches, params] = matchRoute(parse, pattern, decoded);
  return matches ? params : null;
}
