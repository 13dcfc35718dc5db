import { buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import { meetingLink, whatsappLink } from '../../lib/contact-links';
import type { Consultant } from '../../../shared/schemas/catalogue';

export const greetingFor = (name: string) =>
  `Hello ${name}, I would like to book a free consultation about studying in the UK.`;

export function ConsultantCard({
  consultant,
  whatsappNumber,
  meetingBaseUrl,
}: {
  consultant: Consultant;
  whatsappNumber: string;
  meetingBaseUrl: string;
}) {
  return (
    <li className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:p-6">
      <img
        src={consultant.imageUrl}
        alt={`Photo of ${consultant.name}`}
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
        className="mx-auto size-28 shrink-0 rounded-full ring-4 ring-brand-50 sm:mx-0 sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col text-center sm:text-left">
        <h2 className="text-lg font-semibold">{consultant.name}</h2>
        <p className="mt-1 text-sm font-medium text-brand-700">{consultant.role}</p>
        <p className="mt-1 text-sm text-muted">{consultant.nationality}</p>
        <div className="mt-5 flex flex-col gap-2 sm:max-w-64">
          <ExternalLink
            href={whatsappLink(whatsappNumber, greetingFor(consultant.name))}
            newTabHint={`with ${consultant.name} (opens WhatsApp in a new tab)`}
            className={buttonClasses('primary', 'md', 'bg-green-700! hover:bg-green-800!')}
          >
            <Icon name="chat" />
            Start WhatsApp Call
          </ExternalLink>
          <ExternalLink
            href={meetingLink(meetingBaseUrl, consultant.name)}
            newTabHint={`with ${consultant.name} (opens a video room in a new tab)`}
            className={buttonClasses('secondary', 'md')}
          >
            <Icon name="video" />
            Start Meeting
          </ExternalLink>
        </div>
      </div>
    </li>
  );
}
