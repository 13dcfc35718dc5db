import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { defaultLocale, locales } from '../../../shared/locales.ts';
import { mailCatalogues, mailText } from './index.ts';

/**
 * The applicant e-mails' catalogue is whole (issue 14, decision 0027), like the web app's
 * (messages.test.ts): every language has exactly English's keys, each valid ICU with English's
 * arguments, none a piece meant to be joined to another.
 */
const english = mailCatalogues[defaultLocale];

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

describe('e-mail translations', () => {
  it.each(locales.filter((l) => l !== defaultLocale))(
    '%s has every key of English, and no other',
    (locale) => {
      const keys = Object.keys(mailCatalogues[locale]);
      const missing = Object.keys(english).filter((k) => !keys.includes(k));
      const unused = keys.filter((k) => !(k in english));
      expect({ missing, unused }).toEqual({ missing: [], unused: [] });
    },
  );

  it.each(locales)(
    '%s: every message is valid ICU with the English arguments, and not a piece',
    (locale) => {
      const problems: string[] = [];
      for (const [key, text] of Object.entries(mailCatalogues[locale])) {
        let ast: MessageFormatElement[];
        try {
          ast = parse(text);
        } catch (error) {
          problems.push(`${key}: not valid ICU (${(error as Error).message})`);
          continue;
        }
        const expected = [...placeholders(parse(english[key as keyof typeof english]))].sort();
        const actual = [...placeholders(ast)].sort();
        if (JSON.stringify(expected) !== JSON.stringify(actual))
          problems.push(`${key}: has ${actual.join(' ')}, English has ${expected.join(' ')}`);
        if (text !== text.trim()) problems.push(`${key}: starts or ends with a space`);
        if (
          locale !== defaultLocale &&
          text === english[key as keyof typeof english] &&
          !/^(CV|UK Study Portal)$/.test(text)
        ) {
          problems.push(`${key}: is the English text`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('formats plurals and dates in the recipient’s locale', () => {
    const due = new Date('2026-12-03T00:00:00Z');
    expect(mailText('en').t('confirmation.linkNote', { days: 1 })).toMatch(
      /^This link works for 1 day\./,
    );
    expect(mailText('en').t('request.needInformation', { due })).toBe(
      'To continue with your application we need some information by 3 December 2026.',
    );
    expect(mailText('ar').t('confirmation.linkNote', { days: 2 })).toContain('يومين');
    expect(mailText('fr').t('request.needInformation', { due })).toContain('3 décembre 2026');
    expect(mailText('zh-CN').t('request.needInformation', { due })).toContain('2026年12月3日');
  });
});
