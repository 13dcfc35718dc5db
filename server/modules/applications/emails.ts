import { statusDescriptions, type ApplicationStatus } from '../../../shared/application-status.ts';
import { renderMail, userText, type MailMessage } from '../../lib/mailer/index.ts';

export const statusLabel = (status: ApplicationStatus) => status.charAt(0).toUpperCase() + status.slice(1);

/** The token sits in the fragment: browsers never send it, so it reaches no server log (D4). */
export function trackingLink(publicUrl: string, token: string): string {
  return `${publicUrl}/track#t=${token}`;
}

interface Applicant {
  id: string;
  email: string;
  fullName: string;
  programName: string;
  universityName: string;
}

export function confirmationMail(applicant: Applicant, link: string, ttlDays: number): MailMessage {
  return {
    to: applicant.email,
    ...renderMail({
      subject: 'We have received your application',
      heading: `Thank you, ${userText(applicant.fullName)}`,
      paragraphs: [
        `We have received your application for ${applicant.programName} at ${applicant.universityName}.`,
        `Your application ID is ${applicant.id}. Keep it: with this e-mail address it lets you track your application at any time.`,
        statusDescriptions.submitted,
      ],
      action: { label: 'Track your application', url: link },
      note: `This link works for ${ttlDays} days. After that, track with your application ID and e-mail address.`,
    }),
  };
}

export function statusChangedMail(
  applicant: Applicant,
  status: ApplicationStatus,
  note: string | null,
  link: string,
): MailMessage {
  return {
    to: applicant.email,
    ...renderMail({
      subject: `Your application status: ${statusLabel(status)}`,
      heading: `Your application is now ${statusLabel(status).toLowerCase()}`,
      paragraphs: [
        statusDescriptions[status],
        ...(note ? [`Note from our team: ${note}`] : []),
        `Application ID: ${applicant.id} (${applicant.programName} at ${applicant.universityName}).`,
      ],
      action: { label: 'Track your application', url: link },
    }),
  };
}
