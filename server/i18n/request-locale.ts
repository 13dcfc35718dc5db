import type { FastifyRequest } from 'fastify';
import {
  chooseLocale,
  defaultLocale,
  isLocale,
  languageCookie,
  languageQueryParam,
  parseAcceptLanguage,
  readCookie,
  type Locale,
} from '../../shared/locales.ts';
import { findAccountLanguage } from './language-repository.ts';

/**
 * The language a request was made in, as the site resolves it (decision 0025): `?lang=` (the web
 * form sends the language it shows), the choice remembered in this browser, the signed-in
 * account's language, the browser's languages, English.
 */
export async function requestLocale(req: FastifyRequest, userId: string | null): Promise<Locale> {
  const query = (req.query as Record<string, unknown> | undefined)?.[languageQueryParam];
  const account = userId ? await findAccountLanguage(req.server.db, userId) : null;
  return chooseLocale({
    query: typeof query === 'string' ? query : null,
    remembered: readCookie(req.headers.cookie, languageCookie),
    account,
    accepted: parseAcceptLanguage(req.headers['accept-language']),
  });
}

/**
 * The language of the request better-auth hands its e-mail callbacks (a Fetch `Request`): the
 * same sources as `requestLocale` but the account's, which the caller has already looked at.
 */
export function fetchRequestLocale(request: Request | undefined): Locale {
  if (!request) return defaultLocale;
  let query: string | null = null;
  try {
    query = new URL(request.url).searchParams.get(languageQueryParam);
  } catch {
    // a relative or odd URL: the cookie and the browser's languages still tell
  }
  return chooseLocale({
    query,
    remembered: readCookie(request.headers.get('cookie') ?? undefined, languageCookie),
    accepted: parseAcceptLanguage(request.headers.get('accept-language') ?? undefined),
  });
}

/**
 * An account e-mail's language (decision 0027, D14): the account's own once it has one; before
 * that (a sign-up, an account that never chose) the language the request was made in.
 */
export function accountMailLocale(
  account: string | null | undefined,
  fromRequest: () => Locale,
): Locale {
  return isLocale(account) ? account : fromRequest();
}
