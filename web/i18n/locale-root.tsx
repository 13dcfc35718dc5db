import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../../shared/locales';
import { applyDocumentLocale, rememberLocale } from './choose-language';
import { I18nProvider } from './i18n-provider';
import { LocaleContext, type LocaleState } from './locale-context';
import { loadMessages, type Messages } from './messages';

/** The browser's language state: starts in the language first paint was rendered in, switches on demand. */
export function LocaleRoot({ initial, children }: { initial: { locale: Locale; messages: Messages }; children: ReactNode }) {
  const [current, setCurrent] = useState(initial);
  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadMessages(locale);
    rememberLocale(locale);
    applyDocumentLocale(locale);
    setCurrent({ locale, messages });
  }, []);
  const state = useMemo<LocaleState>(() => ({ locale: current.locale, setLocale }), [current.locale, setLocale]);
  return (
    <LocaleContext value={state}>
      <I18nProvider locale={current.locale} messages={current.messages}>
        {children}
      </I18nProvider>
    </LocaleContext>
  );
}
