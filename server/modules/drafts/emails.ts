import type { Locale } from '../../../shared/locales.ts';
import { draftLimits } from '../../../shared/schemas/draft.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { renderMail, type MailMessage } from '../../lib/mailer/index.ts';

/** The "continue later" link (issue 25 §1): its secret is in the fragment, never in a log. */
export function continueLaterMail(to: string, link: string, language: Locale): MailMessage {
  const words = mailText(language);
  return {
    to,
    ...renderMail(
      {
        subject: words.t('draft.continue.subject'),
        heading: words.t('draft.continue.heading'),
        paragraphs: [words.t('draft.continue.saved'), words.t('draft.continue.files')],
        action: { label: words.t('draft.continue.action'), url: link },
        note: words.t('draft.continue.note', { days: draftLimits.keptDays }),
      },
      words,
    ),
  };
}
