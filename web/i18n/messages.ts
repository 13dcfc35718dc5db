import type { MessageFormatElement } from 'react-intl';
import { messageAreaNames, type MessageArea } from '../../shared/message-areas';
import { defaultLocale, type Locale } from '../../shared/locales';

export type Messages = Record<string, MessageFormatElement[]>;

/**
 * Each language's messages, precompiled to ICU ASTs and split per area (`npm run i18n:compile`,
 * shared/message-areas.ts), each a chunk of its own: a reader downloads only their language's
 * messages of the areas on screen (the server preloads them with the page). English too: the
 * browser has no ICU parser to read the components' English defaults with.
 */
const chunks = import.meta.glob<Messages>('./compiled/*/*.json', { import: 'default' });

/** An area's messages' key in the build manifest, for the server's preload. */
export const messagesModule = (area: MessageArea, locale: Locale) =>
  `i18n/compiled/${area}/${locale}.json`;

/** The areas every page renders (the layout, the error pages). */
export const coreAreas: MessageArea[] = ['core'];

export const allAreas = messageAreaNames;

function loadArea(area: MessageArea, locale: Locale): Promise<Messages> {
  const load =
    chunks[`./compiled/${area}/${locale}.json`] ??
    chunks[`./compiled/${area}/${defaultLocale}.json`];
  return load ? load() : Promise.resolve({});
}

/**
 * The messages on screen: the language's, of every area loaded so far. Route lazies add their
 * areas before their screen renders; a language switch loads the same areas in the new language.
 */
export interface ShownMessages {
  locale: Locale;
  messages: Messages;
}

let shown: ShownMessages = { locale: defaultLocale, messages: {} };
let loadedAreas = new Set<MessageArea>();
const listeners = new Set<() => void>();

export const shownMessages = () => shown;

export function onMessagesChange(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function show(next: ShownMessages) {
  shown = next;
  listeners.forEach((listener) => listener());
}

async function loadAreas(areas: Iterable<MessageArea>, locale: Locale): Promise<Messages> {
  const parts = await Promise.all([...areas].map((area) => loadArea(area, locale)));
  return Object.assign({}, ...parts) as Messages;
}

/** Adds these areas' messages, in the language on screen, to those shown. */
export async function loadMessageAreas(areas: readonly MessageArea[]): Promise<void> {
  const missing = areas.filter((area) => !loadedAreas.has(area));
  if (missing.length === 0) return;
  const { locale } = shown;
  const added = await loadAreas(missing, locale);
  // the language changed meanwhile: the switch loaded every area it knew; load these again in it
  if (shown.locale !== locale) return loadMessageAreas(areas);
  missing.forEach((area) => loadedAreas.add(area));
  show({ locale, messages: { ...shown.messages, ...added } });
}

/** Starts in the language first paint was rendered in, with the core areas. */
export async function startMessages(locale: Locale): Promise<void> {
  shown = { locale, messages: {} };
  loadedAreas = new Set();
  await loadMessageAreas(coreAreas);
}

/** Shows the site in another language: the areas loaded so far (and meanwhile), in that language. */
export async function switchMessages(locale: Locale): Promise<void> {
  const areas: MessageArea[] = [];
  const messages: Messages = {};
  for (
    let more = [...loadedAreas];
    more.length > 0;
    more = [...loadedAreas].filter((area) => !areas.includes(area))
  ) {
    Object.assign(messages, await loadAreas(more, locale));
    areas.push(...more);
  }
  show({ locale, messages });
}
