import { describe, expect, it } from 'vitest';
import { countryCodes, countryNames, countryOptions, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('lists the ISO 3166-1 countries once each, with names, sorted by name', () => {
    expect(countryCodes.length).toBeGreaterThanOrEqual(249);
    expect(countryCodes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(Object.values(countryNames)).size).toBe(countryCodes.length);
    const names = countryOptions.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryNames.GB).toBe('United Kingdom');
  });

  it('knows a code from anything else', () => {
    expect(isCountryCode('NG')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('toString')).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
  });
});
