import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLocale, localeInfo, type Locale } from '../../shared/locales';
import type { Messages } from './messages';

const englishTag = localeInfo[defaultLocale].tag;

/** react-intl for one language: its messages, and Intl formatting in its locale (en-GB for English). */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  return (
    <IntlProvider
      locale={localeInfo[locale].tag}
      defaultLocale={englishTag}
      messages={messages}
      onError={reportIntlError}
    >
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: Error) {
  // the completeness test (server/i18n/messages.test.ts) keeps every catalogue whole; anything
  // else (a wrong argument) is a bug worth a console line
  console.error(error.message);
}
