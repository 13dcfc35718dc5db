import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { apiFetch } from '../lib/api-client';
import { sessionQueryKey, type AccountUser } from '../lib/auth-client';
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
    // signed in: the account keeps it too (another device, e-mails); failing that, this browser has it
    if (queryClient.getQueryData<AccountUser | null>(sessionQueryKey)) {
      await apiFetch('/api/me/language', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language: locale }),
      }).catch(() => {});
    }
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
