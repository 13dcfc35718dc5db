import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';

/**
 * Issue 26 §3: a page read in Arabic has no word in Latin script that is not a proper name, an id
 * or an address. Every string the page shows counts: text, and the placeholders, labels, titles
 * and alternative texts people read or hear, whether visible now or not (a closed menu, a screen
 * reader's words). Text marked as in another language (`lang`, such as the language menu's
 * "English" or a university's requirements as it publishes them, in English) is left out, as a
 * screen reader reads it in that language.
 */
const browser = useBrowser();

/**
 * Words that stay in Latin script in Arabic, each a name: the English test, the UK's health
 * surcharge and A-level qualifications as students meet them on gov.uk and UCAS, and WhatsApp.
 */
const allowedWords = new Set([
  'IELTS',
  'TOEFL',
  'IHS',
  'A-level',
  'WhatsApp',
  // the file types a document may be, as the student's files name them
  'PDF',
  'JPG',
  'PNG',
]);
/** The sign-in providers the e2e server is configured with (OIDC_PROVIDERS: a name the operator gives). */
const providerNames = ['University SSO'];

/** The English tests and school qualifications as their owners name them (issue 25 §3). */
const examNames = [
  'Cambridge English',
  'C1 Advanced',
  'C2 Proficiency',
  'TOEFL iBT',
  'LanguageCert',
  'Duolingo',
  'UKVI',
  'PTE',
  'A levels',
];

/** The catalogue's proper names: universities, programs and consultants, as they publish them. */
async function properNames(page: Page): Promise<string[]> {
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const universities = await get<{ name: string }[]>('/api/universities');
  const programs = await get<{ name: string }[]>('/api/programs');
  const consultants = await get<{ name: string }[]>('/api/consultants');
  const site = await get<{ name: string }>('/api/site');
  const people = consultants.flatMap((c) => [c.name, ...c.name.split(' ')]);
  return [...universities, ...programs]
    .map((x) => x.name)
    .concat(people, site.name, providerNames, examNames)
    .sort((a, b) => b.length - a.length);
}

/** Every string the page shows, outside parts marked as in another language. */
function shownStrings(): string[] {
  const foreign = (el: Element | null) => {
    const marked = el?.closest('[lang]');
    return !!marked && !marked.getAttribute('lang')!.toLowerCase().startsWith('ar');
  };
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template, noscript') || foreign(parent)) continue;
    if (node.textContent?.trim()) found.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll(
    '[placeholder], [aria-label], [title], [alt], [aria-roledescription], input[type=submit][value], input[type=button][value]',
  )) {
    if (foreign(el)) continue;
    for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'aria-roledescription']) {
      const value = el.getAttribute(name);
      if (value?.trim()) found.push(value.trim());
    }
    if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button'))
      found.push(el.value);
  }
  found.push(document.title);
  return found;
}

/** The Latin-script words left once addresses, ids and proper names are taken out. */
function latinWords(text: string, names: readonly string[]): string[] {
  let rest = text
    .replace(/\S+@\S+\.\w+/g, ' ') // e-mail addresses
    .replace(/https?:\/\/\S+/g, ' ') // addresses
    .replace(/(?:^|\s)\/\S*/g, ' ') // the site's own addresses (/compare?programs=…)
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:uk|com|org|example)\b/g, ' ') // host names (gov.uk)
    .replace(/\b[A-Z]{3}-[A-Z0-9]{4,}\b/g, ' '); // application ids
  for (const name of names) rest = rest.split(name).join(' ');
  return (rest.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter((w) => !allowedWords.has(w));
}

const program = 'msc-advanced-computer-science-manchester';
const pages = [
  '/',
  '/universities',
  '/programs',
  '/programs?level=Masters&category=IT',
  `/programs/${program}`,
  '/guide',
  `/compare?programs=${program},msc-information-security-ucl`,
  `/application?program=${program}`,
  '/track',
  '/login',
  '/register',
  '/refer',
  '/free',
  '/no-such-page',
];

describe('every word in Arabic (issue 26 §3)', () => {
  it.each(pages)(
    '%s in Arabic shows no Latin-script word but names, ids and addresses',
    async (path) => {
      const { page } = await browser.open(
        `${path}${path.includes('?') ? '&' : '?'}lang=ar`,
        'phone',
      );
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const names = await properNames(page);
      const strings = await page.evaluate(shownStrings);
      const found = strings.flatMap((s) => latinWords(s, names).map((w) => `${w} (in "${s}")`));
      expect([...new Set(found)]).toEqual([]);
    },
  );
});
