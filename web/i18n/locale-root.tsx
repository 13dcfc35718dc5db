import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { apiFetch } from '../lib/api-client';
import { sessionQueryKey, type AccountUser } from '../lib/auth-client';
import type { Locale } from '../../shared/locales';
import { applyDocumentLocale, rememberLocale } from './choose-language';
import { I18nProvider } from './i18n-provider';
import { LocaleContext, type LocaleState } from './locale-context';
import { onMessagesChange, shownMessages, switchMessages } from './messages';

/**
 * The browser's language state: starts in the language first paint was rendered in (main.tsx loads
 * its messages first), grows as routes load their areas' messages, switches on demand.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(onMessagesChange, shownMessages, shownMessages);
  const setLocale = useCallback(async (locale: Locale) => {
    await switchMessages(locale);
    rememberLocale(locale);
    applyDocumentLocale(locale);
    // signed in: the account keeps it too (another device, e-mails); failing that, this browser has it
    if (queryClient.getQueryData<AccountUser | null>(sessionQueryKey)) {
      await apiFetch('/api/me/language', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language: locale }),
      }).catch(() => {});
    }
  }, []);
  const state = useMemo<LocaleState>(
    () => ({ locale: current.locale, setLocale }),
    [current.locale, setLocale],
  );
  return (
    <LocaleContext value={state}>
      <I18nProvider locale={current.locale} messages={current.messages}>
        {children}
      </I18nProvider>
    </LocaleContext>
  );
}
