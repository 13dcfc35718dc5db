import { renderMail, userText, type MailMessage } from '../../lib/mailer/index.ts';
import type { Applicant } from '../applications/emails.ts';

/*
 * Casework e-mails carry what the status e-mails carry (the applicant's name, the application ID,
 * the program and university, a tracking link) and the team's own words where a status e-mail has
 * its note (a rejection's reason). A message's text never travels by mail: only that there is one.
 */

const idLine = (a: Applicant) => `Application ID: ${a.id} (${a.programName} at ${a.universityName}).`;
const dueText = (dueOn: string) =>
  new Date(`${dueOn}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function documentRejectedMail(a: Applicant, documentLabel: string, reason: string, link: string): MailMessage {
  return {
    to: a.email,
    ...renderMail({
      subject: `Action required: send your ${documentLabel.toLowerCase()} again`,
      heading: `Your ${documentLabel.toLowerCase()} was not accepted`,
      paragraphs: [`Dear ${userText(a.fullName)},`, `Our team checked your ${documentLabel.toLowerCase()} and could not accept it: ${reason}`, 'Please send a new one from the track page.', idLine(a)],
      action: { label: 'Send a new document', url: link },
    }),
  };
}

export function requestMail(a: Applicant, what: string, dueOn: string, link: string): MailMessage {
  return {
    to: a.email,
    ...renderMail({
      subject: 'Action required on your application',
      heading: 'Our team needs something from you',
      paragraphs: [
        `Dear ${userText(a.fullName)},`,
        `To continue with your application we need ${what} by ${dueText(dueOn)}.`,
        'Read what our team wrote, and answer, on the track page.',
        idLine(a),
      ],
      action: { label: 'See what is needed', url: link },
    }),
  };
}

export function newMessageToApplicantMail(a: Applicant, link: string): MailMessage {
  return {
    to: a.email,
    ...renderMail({
      subject: 'You have a new message about your application',
      heading: 'You have a new message',
      paragraphs: [`Dear ${userText(a.fullName)},`, 'Our team has written to you about your application. Read it on the track page.', idLine(a)],
      action: { label: 'Read the message', url: link },
    }),
  };
}

export function newMessageToTeamMail(to: string, applicationId: string, consoleUrl: string): MailMessage {
  return {
    to,
    ...renderMail({
      subject: 'New message from an applicant',
      heading: 'An applicant has written to the team',
      paragraphs: [`A new message has arrived on application ${applicationId}. Read it in the staff console.`],
      action: { label: 'Open it in the staff console', url: consoleUrl },
    }),
  };
}

export function lateDigestMail(to: string, cases: { id: string; status: string; programName: string; dueAt: Date }[], consoleUrl: string): MailMessage {
  return {
    to,
    ...renderMail({
      subject: `${cases.length} of your cases ${cases.length === 1 ? 'is' : 'are'} late`,
      heading: 'Your late cases',
      paragraphs: [
        'These applications have been in their stage longer than expected:',
        ...cases.map((c) => `${c.id}: ${c.status}, ${c.programName}, due ${c.dueAt.toISOString().slice(0, 10)}`),
      ],
      action: { label: 'Open my late cases', url: consoleUrl },
    }),
  };
}
