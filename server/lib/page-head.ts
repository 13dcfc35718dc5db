import { languageQueryParam, localeInfo, locales } from '../../shared/locales.ts';

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page's address under the public origin, in one language (or none: the reader's own). */
export function addressIn(url: URL, publicUrl: string, lang: string | null): string {
  const address = new URL(url.pathname + url.search, publicUrl);
  address.searchParams.delete(languageQueryParam);
  if (lang) address.searchParams.set(languageQueryParam, lang);
  return address.href;
}

/**
 * What a rendered page tells search engines and shared links in its head: its description in its
 * language, its canonical address, and the same page in each of the six languages (`?lang=`, with
 * the language-neutral address as x-default). A page that does not exist asks not to be indexed.
 */
export function headLinks(url: URL, publicUrl: string, description: string, status: number) {
  const tags = [`<meta name="description" content="${escapeAttribute(description)}">`];
  if (status !== 200) return [...tags, '<meta name="robots" content="noindex">'].join('\n    ');
  const asked = url.searchParams.get(languageQueryParam);
  const lang = locales.find((locale) => locale === asked) ?? null;
  tags.push(`<link rel="canonical" href="${escapeAttribute(addressIn(url, publicUrl, lang))}">`);
  for (const locale of locales)
    tags.push(
      `<link rel="alternate" hreflang="${localeInfo[locale].tag}" href="${escapeAttribute(addressIn(url, publicUrl, locale))}">`,
    );
  tags.push(
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(addressIn(url, publicUrl, null))}">`,
  );
  return tags.join('\n    ');
}
