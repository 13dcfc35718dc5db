/**
 * The site's languages (D14, decision 0025) and how a visitor's language is chosen, shared by the
 * server (first paint in the right language) and the browser (the menu, navigator.languages).
 */
export const locales = ['en', 'zh-CN', 'ar', 'ur', 'hi', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export interface LocaleInfo {
  /** The language's own name, as the menu shows it. */
  nativeName: string;
  /** `<html lang>` and the locale Intl formats dates, numbers and money in. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

export const localeInfo: Record<Locale, LocaleInfo> = {
  en: { nativeName: 'English', tag: 'en-GB', dir: 'ltr' },
  'zh-CN': { nativeName: '简体中文', tag: 'zh-CN', dir: 'ltr' },
  ar: { nativeName: 'العربية', tag: 'ar', dir: 'rtl' },
  ur: { nativeName: 'اردو', tag: 'ur', dir: 'rtl' },
  hi: { nativeName: 'हिन्दी', tag: 'hi', dir: 'ltr' },
  fr: { nativeName: 'Français', tag: 'fr', dir: 'ltr' },
};

/** `?lang=ar`: a shared link opens in its language. */
export const languageQueryParam = 'lang';
/** The explicit choice, remembered in the browser and read by the server for first paint. */
export const languageCookie = 'lang';
export const languageCookieMaxAge = 60 * 60 * 24 * 365;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

/** One BCP 47 tag to one of our languages: "zh", "zh-Hans-CN", "zh-TW" → zh-CN; "fr-CA" → fr; "de" → null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  if (language === 'zh') return 'zh-CN';
  return locales.find((l) => l === language) ?? null;
}

/** The first of the reader's languages (in their order of preference) that we have. */
export function negotiateLocale(preferences: readonly string[]): Locale | null {
  for (const tag of preferences) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

/** An Accept-Language header's tags, most preferred first ("fr-CH, fr;q=0.9, en;q=0.8"). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** A cookie's value from a Cookie header (or document.cookie). */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface LocaleSources {
  /** `?lang=` of the address. */
  query?: string | null;
  /** The choice remembered in this browser. */
  remembered?: string | null;
  /** The language on the signed-in account. */
  account?: string | null;
  /** The browser's languages, most preferred first. */
  accepted?: readonly string[];
}

/** The address first, then the choice made in this browser, then the account's, then the browser's languages. */
export function chooseLocale(sources: LocaleSources): Locale {
  const fromQuery = matchLocale(sources.query);
  if (fromQuery) return fromQuery;
  if (isLocale(sources.remembered)) return sources.remembered;
  if (isLocale(sources.account)) return sources.account;
  return negotiateLocale(sources.accepted ?? []) ?? defaultLocale;
}
