import { FormattedMessage, useIntl } from 'react-intl';
import { buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import { StartMeetingForm } from '../../components/start-meeting-form';
import { whatsappLink } from '../../lib/contact-links';
import { Link } from '../../lib/router';
import type { Consultant } from '../../../shared/schemas/catalogue';
import { useLocale } from '../../i18n/locale-context';

export const greetingFor = (name: string) =>
  `Hello ${name}, I would like to book a free consultation about studying in the UK.`;

/** Their own number when the data has one; else the provider's. Meetings get a fresh room each time (D19). */
export function contactOf(consultant: Consultant, whatsappNumber: string) {
  return {
    chat: whatsappLink(consultant.whatsappNumber ?? whatsappNumber, greetingFor(consultant.name)),
    isOwnNumber: consultant.whatsappNumber !== null,
  };
}

export function ConsultantCard({
  consultant,
  whatsappNumber,
}: {
  consultant: Consultant;
  whatsappNumber: string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const contact = contactOf(consultant, whatsappNumber);
  const firstName = consultant.name.split(' ')[0];
  return (
    <li className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:p-6">
      <img
        src={consultant.imageUrl}
        alt={intl.formatMessage(
          { id: 'free.photo', defaultMessage: 'Photo of {name}' },
          { name: consultant.name },
        )}
        width={112}
        height={112}
        loading="lazy"
        decoding="async"
        className="mx-auto size-28 shrink-0 rounded-full ring-4 ring-brand-50 sm:mx-0 sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col text-center sm:text-start">
        <h2 className="text-lg font-semibold">{consultant.name}</h2>
        <p className="mt-1 text-sm font-medium text-brand-700">{consultant.role[locale]}</p>
        <p className="mt-1 text-sm text-muted">{consultant.nationality[locale]}</p>
        <div className="mt-5 flex flex-col gap-2 sm:max-w-64">
          <Link to={`/free/book/${consultant.id}`} className={buttonClasses('primary', 'md')}>
            <Icon name="calendar" />
            <FormattedMessage id="free.book" defaultMessage="Book a time" />
            <span className="sr-only">
              {' '}
              <FormattedMessage
                id="free.book.hint"
                defaultMessage="with {name}"
                values={{ name: consultant.name }}
              />
            </span>
          </Link>
          <ExternalLink
            href={contact.chat}
            aria-describedby={`chat-${consultant.id}`}
            newTabHint={
              <FormattedMessage
                id="free.chat.hint"
                defaultMessage="with {name} (opens WhatsApp in a new tab)"
                values={{ name: consultant.name }}
              />
            }
            className={buttonClasses('primary', 'md', 'bg-green-700! hover:bg-green-800!')}
          >
            <Icon name="chat" />
            <FormattedMessage id="free.chat" defaultMessage="Start WhatsApp Call" />
          </ExternalLink>
          <p id={`chat-${consultant.id}`} className="text-xs text-muted">
            {contact.isOwnNumber ? (
              <FormattedMessage
                id="free.chat.own"
                defaultMessage="Opens WhatsApp with {name}’s own number and a greeting: message or call to agree a time."
                values={{ name: firstName }}
              />
            ) : (
              <FormattedMessage
                id="free.chat.team"
                defaultMessage="Opens WhatsApp with our team’s number and a greeting naming {name}, who answers from there."
                values={{ name: firstName }}
              />
            )}
          </p>
          <StartMeetingForm
            consultantId={consultant.id}
            purpose="consultation"
            aria-describedby={`meet-${consultant.id}`}
            className={buttonClasses('secondary', 'md', 'w-full')}
          >
            <Icon name="video" />
            <FormattedMessage id="free.meet" defaultMessage="Start Meeting" />
            <span className="sr-only">
              {' '}
              <FormattedMessage
                id="free.meet.hint"
                defaultMessage="with {name} (opens a video room in a new tab)"
                values={{ name: consultant.name }}
              />
            </span>
          </StartMeetingForm>
          <p id={`meet-${consultant.id}`} className="text-xs text-muted">
            <FormattedMessage
              id="free.meet.private"
              defaultMessage="Opens a new private video room and tells {name}, who joins as soon as they can."
              values={{ name: firstName }}
            />
          </p>
        </div>
      </div>
    </li>
  );
}
