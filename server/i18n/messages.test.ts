import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import {
  chooseLocale,
  defaultLocale,
  locales,
  matchLocale,
  parseAcceptLanguage,
} from '../../shared/locales.ts';

/**
 * The translations are whole (issue 14, decision 0025): every language has exactly the keys the
 * code uses, each is valid ICU with the English message's arguments and tags, the compiled
 * catalogues the browser loads are up to date, and no translated pieces are joined in code.
 */
const root = path.resolve(import.meta.dirname, '../..');
const langDir = path.join(root, 'web/i18n/lang');
const compiledDir = path.join(root, 'web/i18n/compiled');
/** A language's compiled messages, all areas together (web/i18n/compiled/<area>/<locale>.json). */
const compiledCatalogue = (locale: string) =>
  Object.assign(
    {},
    ...readdirSync(compiledDir).map((area) =>
      readJson(path.join(compiledDir, area, `${locale}.json`)),
    ),
  ) as Record<string, unknown>;
const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const catalogue = (locale: string) =>
  readJson(path.join(langDir, `${locale}.json`)) as Record<string, string>;
const english = catalogue(defaultLocale);
const translated = locales.filter((l) => l !== defaultLocale);

/** The names of a message's arguments and tags, wherever they sit (plural branches included). */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    found.add(el.type === TYPE.tag ? `<${el.value}>` : `{${el.value}}`);
    if (el.type === TYPE.tag) placeholders(el.children, found);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) placeholders(option.value, found);
    }
  }
  return found;
}

/** Strips parser locations, so a parse compares with the compiled (AST) catalogue. */
const withoutLocations = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'location' ? undefined : v)));

describe('translations', () => {
  it('the English catalogue is what the code says (npm run i18n:extract is up to date)', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'i18n-')), 'en.json');
    execFileSync(
      path.join(root, 'node_modules/.bin/formatjs'),
      [
        'extract',
        'web/**/*.{ts,tsx}',
        '--ignore',
        'web/**/*.d.ts',
        '--out-file',
        out,
        '--format',
        'simple',
      ],
      { cwd: root, stdio: 'pipe' },
    );
    expect(readJson(out)).toEqual(english);
  });

  it.each(translated)('%s has every key the code uses, and none it does not', (locale) => {
    const keys = Object.keys(catalogue(locale));
    const missing = Object.keys(english).filter((k) => !keys.includes(k));
    const unused = keys.filter((k) => !(k in english));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it.each(locales)(
    '%s: every message is valid ICU with the English arguments and tags, and compiled',
    (locale) => {
      const messages = catalogue(locale);
      const compiled = compiledCatalogue(locale);
      const problems: string[] = [];
      for (const [key, text] of Object.entries(messages)) {
        let ast: MessageFormatElement[];
        try {
          ast = parse(text);
        } catch (error) {
          problems.push(`${key}: not valid ICU (${(error as Error).message})`);
          continue;
        }
        const expected = [...placeholders(parse(english[key] ?? ''))].sort();
        const actual = [...placeholders(ast)].sort();
        if (JSON.stringify(expected) !== JSON.stringify(actual)) {
          problems.push(
            `${key}: has ${actual.join(' ') || 'no placeholders'}, English has ${expected.join(' ') || 'none'}`,
          );
        }
        if (JSON.stringify(withoutLocations(ast)) !== JSON.stringify(compiled[key])) {
          problems.push(`${key}: the compiled catalogue is out of date (npm run i18n:compile)`);
        }
        if (text !== text.trim())
          problems.push(
            `${key}: starts or ends with a space, like a piece meant to be joined to another`,
          );
      }
      expect(problems).toEqual([]);
    },
  );

  it('no translated pieces are joined by concatenation in the code', () => {
    const files = readdirSync(path.join(root, 'web'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f),
    );
    const joined: string[] = [];
    for (const file of files) {
      const source = readFileSync(path.join(root, 'web', file), 'utf8');
      source.split('\n').forEach((line, i) => {
        // formatMessage(…) + …, … + formatMessage(…), or two of them in one template literal
        if (
          /formatMessage\([^)]*\)\s*\+|\+\s*intl\.formatMessage|`[^`]*\$\{[^}]*formatMessage[^`]*\$\{[^}]*formatMessage/.test(
            line,
          )
        ) {
          joined.push(`web/${file}:${i + 1}`);
        }
      });
    }
    expect(joined).toEqual([]);
  });
});

describe('choosing a language', () => {
  it('follows the address, then the remembered choice, then the account, then the browser', () => {
    expect(chooseLocale({ query: 'ar', remembered: 'fr', account: 'hi', accepted: ['ur'] })).toBe(
      'ar',
    );
    expect(chooseLocale({ query: 'xx', remembered: 'fr', account: 'hi', accepted: ['ur'] })).toBe(
      'fr',
    );
    expect(chooseLocale({ remembered: 'nonsense', account: 'hi', accepted: ['ur'] })).toBe('hi');
    expect(
      chooseLocale({ accepted: parseAcceptLanguage('de-DE, zh-Hans-CN;q=0.8, en;q=0.5') }),
    ).toBe('zh-CN');
    expect(chooseLocale({ accepted: parseAcceptLanguage('de-DE, it;q=0.5') })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });

  it('reads Accept-Language by its weights and matches regional tags', () => {
    expect(parseAcceptLanguage('en;q=0.2, ur-PK;q=0.9, *;q=0.1')).toEqual(['ur-PK', 'en']);
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('ZH-cn')).toBe('zh-CN');
    expect(matchLocale('hi-IN')).toBe('hi');
    expect(matchLocale('pt')).toBeNull();
  });
});
