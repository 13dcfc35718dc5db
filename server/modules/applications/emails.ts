import { applicationStatuses, type ApplicationStatus } from '../../../shared/application-status.ts';
import type { Locale } from '../../../shared/locales.ts';
import { mailText, type MailText } from '../../i18n/mail/index.ts';
import { renderMail, userText, type MailMessage } from '../../lib/mailer/index.ts';

export const statusLabel = (status: ApplicationStatus) =>
  status.charAt(0).toUpperCase() + status.slice(1);

/** The token sits in the fragment: browsers never send it, so it reaches no server log (D4). */
export function trackingLink(publicUrl: string, token: string): string {
  return `${publicUrl}/track#t=${token}`;
}

/** What every e-mail about an application says of it (status and casework e-mails alike). */
export interface Applicant {
  id: string;
  email: string;
  fullName: string;
  programName: string;
  universityName: string;
  /** The language the application was submitted in: its e-mails are written in it (issue 14). */
  language: Locale;
}

/** Application ID, program and university: the last line of every e-mail about an application. */
export const idLine = (words: MailText, a: Applicant) =>
  words.t('common.idLine', { id: a.id, program: a.programName, university: a.universityName });

export const dear = (words: MailText, a: Applicant) =>
  words.t('common.dear', { name: userText(a.fullName) });

export function confirmationMail(
  applicant: Applicant,
  link: string,
  ttlDays: number,
  hasOwner = false,
): MailMessage {
  const words = mailText(applicant.language);
  return {
    to: applicant.email,
    ...renderMail(
      {
        subject: words.t('confirmation.subject'),
        heading: words.t('confirmation.heading', { name: userText(applicant.fullName) }),
        paragraphs: [
          words.t('confirmation.received', {
            program: applicant.programName,
            university: applicant.universityName,
          }),
          words.t('confirmation.keepId', { id: applicant.id }),
          words.t('status.submitted.description'),
          // D2: how this application reaches a dashboard, in the words of the confirmation screen
          hasOwner
            ? words.t('confirmation.dashboardSignedIn')
            : words.t('confirmation.dashboardSignedOut', { email: userText(applicant.email) }),
        ],
        action: { label: words.t('common.trackAction'), url: link },
        note: words.t('confirmation.linkNote', { days: ttlDays }),
      },
      words,
    ),
  };
}

/**
 * What each status means to the applicant, in plain words (item 6 of issue 15): a subject and a
 * heading built from the spec's description of the status, which follows as the first paragraph.
 * A move backwards (a correction) gets the same words: they describe where the application is now.
 */
export const statusWords = Object.fromEntries(
  applicationStatuses.map((status) => [
    status,
    {
      subject: mailText('en').t(`status.${status}.subject`),
      heading: mailText('en').t(`status.${status}.heading`),
    },
  ]),
) as Record<ApplicationStatus, { subject: string; heading: string }>;

export function statusChangedMail(
  applicant: Applicant,
  status: ApplicationStatus,
  note: string | null,
  link: string,
): MailMessage {
  const words = mailText(applicant.language);
  return {
    to: applicant.email,
    ...renderMail(
      {
        subject: words.t(`status.${status}.subject`),
        heading: words.t(`status.${status}.heading`),
        paragraphs: [
          dear(words, applicant),
          words.t(`status.${status}.description`),
          ...(note ? [words.t('status.note', { note })] : []),
          idLine(words, applicant),
        ],
        action: { label: words.t('common.trackAction'), url: link },
      },
      words,
    ),
  };
}
