import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { defaultLocale, localeInfo, type Locale } from '../../../shared/locales.ts';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';
import hi from './hi.json';
import ur from './ur.json';
import zhCN from './zh-CN.json';

/**
 * The applicant e-mails' words in the six languages (issue 14, decision 0027): one catalogue per
 * language beside this file, ICU like the web app's, so plurals, dates and numbers follow the
 * recipient's locale. English is the spec's wording; `mail-messages.test.ts` keeps the others whole.
 */
export type MailMessageId = keyof typeof en;

export const mailCatalogues: Record<Locale, Record<MailMessageId, string>> = {
  en,
  'zh-CN': zhCN,
  ar,
  ur,
  hi,
  fr,
};

export interface MailText {
  locale: Locale;
  /** `lang` and `dir` of the HTML part. */
  tag: string;
  dir: 'ltr' | 'rtl';
  t(id: MailMessageId, values?: Record<string, string | number | Date>): string;
}

const cache = createIntlCache();
const made = new Map<Locale, MailText>();

/** The words of one language; dates in UTC (a due date is a calendar day, not an instant). */
export function mailText(locale: Locale = defaultLocale): MailText {
  const known = made.get(locale);
  if (known) return known;
  const { tag, dir } = localeInfo[locale];
  const intl: IntlShape = createIntl(
    { locale: tag, defaultLocale: 'en-GB', messages: mailCatalogues[locale], timeZone: 'UTC' },
    cache,
  );
  const text: MailText = {
    locale,
    tag,
    dir,
    t: (id, values) => intl.formatMessage({ id }, values),
  };
  made.set(locale, text);
  return text;
}
