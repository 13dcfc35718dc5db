import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { chooseLocale, languageCookie, languageQueryParam, parseAcceptLanguage, readCookie, type Locale } from '../../shared/locales.ts';
import { users } from '../db/schema/auth.ts';

/**
 * The language a request was made in, as the site resolves it (decision 0025): `?lang=` (the web
 * form sends the language it shows), the choice remembered in this browser, the signed-in
 * account's language, the browser's languages, English.
 */
export async function requestLocale(req: FastifyRequest, userId: string | null): Promise<Locale> {
  const query = (req.query as Record<string, unknown> | undefined)?.[languageQueryParam];
  let account: string | null = null;
  if (userId) {
    const [row] = await req.server.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    account = row?.language ?? null;
  }
  return chooseLocale({
    query: typeof query === 'string' ? query : null,
    remembered: readCookie(req.headers.cookie, languageCookie),
    account,
    accepted: parseAcceptLanguage(req.headers['accept-language']),
  });
}
