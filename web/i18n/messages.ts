import type { MessageFormatElement } from 'react-intl';
import { defaultLocale, type Locale } from '../../shared/locales';

export type Messages = Record<string, MessageFormatElement[]>;

/**
 * Each language's messages, precompiled to ICU ASTs (`npm run i18n:compile`), in a chunk of its
 * own: a reader downloads only their language's (the server preloads it with the page). English
 * too: the browser has no ICU parser to read the components' English defaults with.
 */
const catalogues = import.meta.glob<Messages>('./compiled/*.json', { import: 'default' });

/** The catalogue's key in the build manifest, for the server's preload. */
export const catalogueModule = (locale: Locale) => `i18n/compiled/${locale}.json`;

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`./compiled/${locale}.json`] ?? catalogues[`./compiled/${defaultLocale}.json`];
  return load ? load() : {};
}
