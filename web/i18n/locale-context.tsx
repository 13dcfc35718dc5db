import { createContext, use } from 'react';
import { defaultLocale, type Locale } from '../../shared/locales';

export interface LocaleState {
  locale: Locale;
  /** Loads the language's messages, then shows the site in it and remembers the choice. */
  setLocale(locale: Locale): Promise<void>;
}

export const LocaleContext = createContext<LocaleState>({
  locale: defaultLocale,
  setLocale: async () => {},
});

export const useLocale = () => use(LocaleContext);
