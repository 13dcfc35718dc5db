import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, errorEnglish, fieldIssue } from '../../shared/error-codes.ts';
import { locales } from '../../shared/locales.ts';
import { signUpInput } from '../../shared/schemas/auth.ts';
import { errorText } from '../../web/lib/error-text.ts';

// D17: every code of the catalogue has a message in the web's table and in every language.
const langDir = path.resolve(import.meta.dirname, '../../web/i18n/lang');
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.join(langDir, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('error codes', () => {
  it('every code has a message in the web table, with the id error.<CODE>', () => {
    const table = errorText as Record<string, { id: string }>;
    expect(errorCodes.filter((code) => table[code]?.id !== `error.${code}`)).toEqual([]);
  });

  it.each(locales)('%s has a message for every code', (locale) => {
    const messages = catalogue(locale);
    expect(errorCodes.filter((code) => !messages[`error.${code}`])).toEqual([]);
  });

  it('a schema issue carries its code and values, and the English fills them in', () => {
    const result = signUpInput.safeParse({
      email: 'a@b.co',
      password: 'abc',
      confirmPassword: 'x',
    });
    const issues = result.success ? [] : result.error.issues.map((i) => fieldIssue(i as never));
    expect(issues[0]).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      params: { minimum: 6, origin: 'string' },
    });
    expect(errorEnglish('PASSWORD_TOO_SHORT', issues[0]!.params)).toBe(
      'Password must be at least 6 characters',
    );
    expect(issues[1]).toEqual({ code: 'PASSWORDS_DO_NOT_MATCH' });
  });
});
