import {
  chooseLocale,
  languageCookie,
  languageCookieMaxAge,
  languageQueryParam,
  localeInfo,
  readCookie,
  type Locale,
} from '../../shared/locales';

const storageKey = 'language';

function rememberedChoice(): string | null {
  const fromCookie = readCookie(document.cookie, languageCookie);
  if (fromCookie) return fromCookie;
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/**
 * The language of a page the browser renders alone (the server chose it for the pages it renders,
 * and says so in the page's data): the address, then this browser's choice, then its languages.
 */
export function browserLocale(): Locale {
  return chooseLocale({
    query: new URLSearchParams(window.location.search).get(languageQueryParam),
    remembered: rememberedChoice(),
    accepted: navigator.languages,
  });
}

/** Remembers the choice for the server's first paint (cookie) and in the browser (localStorage). */
export function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookie}=${encodeURIComponent(locale)}; Path=/; Max-Age=${languageCookieMaxAge}; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // storage may be off (private mode): the cookie is enough
  }
}

/** `<html lang dir>` follow the language. */
export function applyDocumentLocale(locale: Locale) {
  const { tag, dir } = localeInfo[locale];
  document.documentElement.lang = tag;
  document.documentElement.dir = dir;
}
