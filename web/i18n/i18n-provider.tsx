import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultLocale, localeInfo, type Locale } from '../../shared/locales';
import type { Messages } from './messages';

const englishTag = localeInfo[defaultLocale].tag;

/**
 * Named formats the messages use (`{amount, number, gbp}`): pounds without pence, with the plain
 * "£" sign; in Arabic ICU's sign is the Latin "UK£", so the currency is named in words there
 * ("40,300 جنيه إسترليني"), which reads in one direction (issue 26 §3).
 */
export const intlFormats = (locale: Locale) =>
  ({
    number: {
      gbp: {
        style: 'currency',
        currency: 'GBP',
        currencyDisplay: locale === 'ar' ? 'name' : 'narrowSymbol',
        maximumFractionDigits: 0,
      },
      /** Money to the penny (commission): the same words for the currency, with pence. */
      gbpPence: {
        style: 'currency',
        currency: 'GBP',
        currencyDisplay: locale === 'ar' ? 'name' : 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      },
    },
  }) as const;

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
      formats={intlFormats(locale)}
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
