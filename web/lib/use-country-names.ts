import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { countryNames, countryOptions, isCountryCode } from '../../shared/countries';

/** Country names in the reader's language (Intl.DisplayNames), sorted as that language sorts; the stored value stays the code. */
export function useCountryNames() {
  const { locale } = useIntl();
  return useMemo(() => {
    let display: Intl.DisplayNames | null = null;
    try {
      display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      display = null;
    }
    const nameOf = (code: string) =>
      display?.of(code) ?? (isCountryCode(code) ? countryNames[code] : code);
    const collator = new Intl.Collator(locale);
    const options = countryOptions
      .map((c) => ({ code: c.code, name: locale.startsWith('en') ? c.name : nameOf(c.code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    return {
      options,
      nameOf: (code: string) =>
        locale.startsWith('en') && isCountryCode(code) ? countryNames[code] : nameOf(code),
    };
  }, [locale]);
}
