import { isAnyDocumentKey } from '../../../shared/schemas/application.ts';
import { mailText, type MailText } from '../../i18n/mail/index.ts';
import { renderMail, type MailMessage } from '../../lib/mailer/index.ts';
import { dear, idLine, type Applicant } from '../applications/emails.ts';

/*
 * Casework e-mails carry what the status e-mails carry (the applicant's name, the application ID,
 * the program and university, a tracking link) and the team's own words where a status e-mail has
 * its note (a rejection's reason). A message's text never travels by mail: only that there is one.
 * Applicant e-mails are written in the application's language (issue 14).
 */

const documentName = (words: MailText, key: string) =>
  isAnyDocumentKey(key) ? words.t(`document.${key}`) : words.t('document.otherDocument');

export function documentRejectedMail(
  a: Applicant,
  documentKey: string,
  reason: string,
  link: string,
): MailMessage {
  const words = mailText(a.language);
  const document = documentName(words, documentKey);
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t('documentRejected.subject', { document }),
        heading: words.t('documentRejected.heading', { document }),
        paragraphs: [
          dear(words, a),
          words.t('documentRejected.checked', { document, reason }),
          words.t('documentRejected.sendNew'),
          idLine(words, a),
        ],
        action: { label: words.t('documentRejected.action'), url: link },
      },
      words,
    ),
  };
}

/** A request for a document (its key) or for information (null), due on a calendar day (YYYY-MM-DD). */
export function requestMail(
  a: Applicant,
  documentKey: string | null,
  dueOn: string,
  link: string,
): MailMessage {
  const words = mailText(a.language);
  const due = new Date(`${dueOn}T00:00:00Z`);
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t('request.subject'),
        heading: words.t('request.heading'),
        paragraphs: [
          dear(words, a),
          documentKey
            ? words.t('request.needDocument', { document: documentName(words, documentKey), due })
            : words.t('request.needInformation', { due }),
          words.t('request.answer'),
          idLine(words, a),
        ],
        action: { label: words.t('request.action'), url: link },
      },
      words,
    ),
  };
}

export function newMessageToApplicantMail(a: Applicant, link: string): MailMessage {
  const words = mailText(a.language);
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t('message.subject'),
        heading: words.t('message.heading'),
        paragraphs: [dear(words, a), words.t('message.body'), idLine(words, a)],
        action: { label: words.t('message.action'), url: link },
      },
      words,
    ),
  };
}

/* Staff e-mails stay in English (decision 0025: the staff console is English). */

/** `count` messages since the team's last e-mail about this case (they are grouped, issue 22). */
export function newMessageToTeamMail(
  to: string,
  applicationId: string,
  consoleUrl: string,
  count = 1,
): MailMessage {
  return {
    to,
    ...renderMail({
      subject:
        count === 1 ? 'New message from an applicant' : `${count} new messages from an applicant`,
      heading: 'An applicant has written to the team',
      paragraphs: [
        count === 1
          ? `A new message has arrived on application ${applicationId}. Read it in the staff console.`
          : `${count} new messages have arrived on application ${applicationId}. Read them in the staff console.`,
      ],
      action: { label: 'Open it in the staff console', url: consoleUrl },
    }),
  };
}

export function lateDigestMail(
  to: string,
  cases: { id: string; status: string; programName: string; dueAt: Date }[],
  consoleUrl: string,
): MailMessage {
  return {
    to,
    ...renderMail({
      subject: `${cases.length} of your cases ${cases.length === 1 ? 'is' : 'are'} late`,
      heading: 'Your late cases',
      paragraphs: [
        'These applications have been in their stage longer than expected:',
        ...cases.map(
          (c) =>
            `${c.id}: ${c.status}, ${c.programName}, due ${c.dueAt.toISOString().slice(0, 10)}`,
        ),
      ],
      action: { label: 'Open my late cases', url: consoleUrl },
    }),
  };
}
