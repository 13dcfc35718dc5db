import { mailText, type MailText } from '../i18n/mail/index.ts';
import { renderMail, userText } from '../lib/mailer/layout.ts';

/**
 * Every account e-mail: the portal's name, what happened, the one link, how long it works. In the
 * account's language (decision 0027's catalogue, `account.*`); `words` defaults to English.
 */

/** An address quoted in a sentence keeps its own direction inside Arabic or Urdu text (FSI … PDI). */
const isolated = (value: string) => `\u2068${value}\u2069`;

export function confirmationMail(link: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.confirm.subject'),
      heading: t('account.confirm.heading'),
      paragraphs: [t('account.confirm.thanks'), t('account.confirm.please')],
      action: { label: t('account.confirm.action'), url: link },
      note: t('account.confirm.note'),
    },
    words,
  );
}

export function alreadyRegisteredMail(loginLink: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.registered.subject'),
      heading: t('account.registered.heading'),
      paragraphs: [t('account.registered.tried'), t('account.registered.signIn')],
      action: { label: t('account.signIn.action'), url: loginLink },
      note: t('account.registered.note'),
    },
    words,
  );
}

export function passwordResetMail(link: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.reset.subject'),
      heading: t('account.reset.heading'),
      paragraphs: [t('account.reset.received'), t('account.reset.choose')],
      action: { label: t('account.reset.action'), url: link },
      note: t('account.reset.note'),
    },
    words,
  );
}

export function signInCodeMail(code: string, link: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.signInCode.subject'),
      heading: t('account.signInCode.heading'),
      paragraphs: [
        t('account.signInCode.asked'),
        t('account.signInCode.typeCode', { code }),
        t('account.signInCode.orLink'),
      ],
      action: { label: t('account.signInCode.action'), url: link },
      note: t('account.signInCode.note'),
    },
    words,
  );
}

export function emailChangeConfirmationMail(link: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.emailChange.subject'),
      heading: t('account.emailChange.heading'),
      paragraphs: [t('account.emailChange.asked'), t('account.emailChange.openLink')],
      action: { label: t('account.emailChange.action'), url: link },
      note: t('account.emailChange.note'),
    },
    words,
  );
}

export function emailChangedNoticeMail(
  newEmail: string,
  loginLink: string,
  words: MailText = mailText(),
) {
  const { t } = words;
  const email = words.dir === 'rtl' ? isolated(userText(newEmail)) : userText(newEmail);
  return renderMail(
    {
      subject: t('account.emailChanged.subject'),
      heading: t('account.emailChanged.heading'),
      paragraphs: [t('account.emailChanged.asked', { email }), t('account.emailChanged.ifYou')],
      action: { label: t('account.signIn.action'), url: loginLink },
      note: t('account.emailChanged.note'),
    },
    words,
  );
}

export function reauthCodeMail(code: string, words: MailText = mailText()) {
  const { t } = words;
  return renderMail(
    {
      subject: t('account.reauth.subject'),
      heading: t('account.reauth.heading'),
      paragraphs: [t('account.reauth.asked'), t('account.reauth.typeCode', { code })],
      note: t('account.reauth.note'),
    },
    words,
  );
}
