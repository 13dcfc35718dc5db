import { statusDescriptions, type ApplicationStatus } from '../../../shared/application-status.ts';
import { dashboardSteps } from '../../../shared/dashboard-steps.ts';
import { renderMail, userText, type MailMessage } from '../../lib/mailer/index.ts';

export const statusLabel = (status: ApplicationStatus) => status.charAt(0).toUpperCase() + status.slice(1);

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
}

/** D2: how this application reaches a dashboard, in the words of the confirmation screen. */
function dashboardParagraphs(email: string, hasOwner: boolean): string[] {
  if (hasOwner) return [dashboardSteps.signedIn];
  return [`${dashboardSteps.title}: ${dashboardSteps.account(userText(email))} ${dashboardSteps.openLink}`];
}

export function confirmationMail(applicant: Applicant, link: string, ttlDays: number, hasOwner = false): MailMessage {
  return {
    to: applicant.email,
    ...renderMail({
      subject: 'We have received your application',
      heading: `Thank you, ${userText(applicant.fullName)}`,
      paragraphs: [
        `We have received your application for ${applicant.programName} at ${applicant.universityName}.`,
        `Your application ID is ${applicant.id}. Keep it: with this e-mail address it lets you track your application at any time.`,
        statusDescriptions.submitted,
        ...dashboardParagraphs(applicant.email, hasOwner),
      ],
      action: { label: 'Track your application', url: link },
      note: `This link works for ${ttlDays} days. After that, track with your application ID and e-mail address.`,
    }),
  };
}

/**
 * What each status means to the applicant, in plain words (item 6 of issue 15): a subject and a
 * heading built from the spec's description of the status, which follows as the first paragraph.
 * A move backwards (a correction) gets the same words: they describe where the application is now.
 */
export const statusWords: Record<ApplicationStatus, { subject: string; heading: string }> = {
  submitted: { subject: 'Your application is being processed', heading: 'Your application is being processed' },
  reviewed: { subject: 'Your application is being reviewed', heading: 'The admissions team is reviewing your application' },
  applied: {
    subject: 'Your application has been sent to your universities',
    heading: 'We have submitted your application to your chosen universities',
  },
  offered: { subject: 'You have received an offer', heading: 'Congratulations! You have received an offer' },
  accepted: { subject: 'Your application has been accepted', heading: 'Welcome to your new university!' },
};

export function statusChangedMail(
  applicant: Applicant,
  status: ApplicationStatus,
  note: string | null,
  link: string,
): MailMessage {
  return {
    to: applicant.email,
    ...renderMail({
      subject: statusWords[status].subject,
      heading: statusWords[status].heading,
      paragraphs: [
        `Dear ${userText(applicant.fullName)},`,
        statusDescriptions[status],
        ...(note ? [`A note from our team: ${note}`] : []),
        `Application ID: ${applicant.id} (${applicant.programName} at ${applicant.universityName}).`,
      ],
      action: { label: 'Track your application', url: link },
    }),
  };
}
