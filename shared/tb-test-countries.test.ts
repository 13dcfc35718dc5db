import { describe, expect, it } from 'vitest';
import { countryNames, isCountryCode } from './countries.ts';
import { needsTbTest, tbTestCountries } from './tb-test-countries.ts';

describe('tuberculosis test countries (GOV.UK list)', () => {
  it('holds only real country codes', () => {
    expect([...tbTestCountries].filter((code) => !isCountryCode(code))).toEqual([]);
  });

  it('asks residents of listed countries for a test, whatever the case of the code', () => {
    for (const code of [
      'NG',
      'IN',
      'PK',
      'CN',
      'HK',
      'MO',
      'KR',
      'ZA',
      'UA',
      'RU',
      'PH',
      'MM',
      'TL',
      'SZ',
      'CI',
    ]) {
      expect(needsTbTest(code), `${code} ${countryNames[code as keyof typeof countryNames]}`).toBe(
        true,
      );
    }
    expect(needsTbTest('ng')).toBe(true);
  });

  it('does not ask residents of countries off the list', () => {
    for (const code of [
      'GB',
      'US',
      'BR',
      'MX',
      'EG',
      'TR',
      'IR',
      'SA',
      'FR',
      'DE',
      'JP',
      'AU',
      'CA',
      'SG',
      'AE',
    ]) {
      expect(needsTbTest(code), code).toBe(false);
    }
  });
});
