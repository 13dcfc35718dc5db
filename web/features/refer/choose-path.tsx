import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { buttonClasses } from '../../components/button';
import { Icon, type IconName } from '../../components/icons';
import { StartMeetingForm } from '../../components/start-meeting-form';
import { isPlainClick } from '../../lib/router';
import { networkKinds, type NetworkKind } from './network-kinds';

const m = defineMessages({
  studentText: {
    id: 'refer.student.text',
    defaultMessage:
      'Know someone who wants to study in the UK? Tell us how to reach you and we will guide them from shortlist to offer.',
  },
  studentFree: { id: 'refer.student.point.free', defaultMessage: 'Free guidance for the student' },
  studentUpdates: { id: 'refer.student.point.updates', defaultMessage: 'We keep you updated' },
  partnerText: {
    id: 'refer.partner.text',
    defaultMessage:
      'Run an education agency, school or student service? Work with us to place your students at UK universities.',
  },
  partnerContact: {
    id: 'refer.partner.point.contact',
    defaultMessage: 'Dedicated partner contact',
  },
  partnerCatalogue: {
    id: 'refer.partner.point.catalogue',
    defaultMessage: 'Access to our full catalogue',
  },
  studentMeetingHint: {
    id: 'refer.student.meetingHint',
    defaultMessage: 'about referring a student (opens a video room in a new tab)',
  },
  partnerMeetingHint: {
    id: 'refer.partner.meetingHint',
    defaultMessage: 'about partnering with us (opens a video room in a new tab)',
  },
});

const cards: {
  kind: NetworkKind;
  icon: IconName;
  text: MessageDescriptor;
  points: MessageDescriptor[];
  meetingHint: MessageDescriptor;
}[] = [
  {
    kind: 'student',
    icon: 'users',
    text: m.studentText,
    points: [m.studentFree, m.studentUpdates],
    meetingHint: m.studentMeetingHint,
  },
  {
    kind: 'partner',
    icon: 'handshake',
    text: m.partnerText,
    points: [m.partnerContact, m.partnerCatalogue],
    meetingHint: m.partnerMeetingHint,
  },
];

/** Two cards: the card's title chooses its form (the whole card is clickable); a meeting opens in a new tab. */
export function ChoosePath({
  meetingBaseUrl,
  onChoose,
}: {
  meetingBaseUrl?: string;
  onChoose: (kind: NetworkKind) => void;
}) {
  const intl = useIntl();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {cards.map((card) => {
        const config = networkKinds[card.kind];
        return (
          <li
            key={card.kind}
            className="relative flex flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={card.icon} className="size-7" />
            </span>
            <h2 className="mt-4 text-xl font-bold">
              {/* a link: it opens the form before the page's code has arrived (issue 26) */}
              <a
                href={`/refer?form=${card.kind}`}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  onChoose(card.kind);
                }}
                className="text-start after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:text-brand-700"
              >
                {intl.formatMessage(config.title)}
              </a>
            </h2>
            <p className="mt-2 text-muted">{intl.formatMessage(card.text)}</p>
            <ul className="mt-4 space-y-1 text-sm">
              {card.points.map((point) => (
                <li key={point.id} className="flex items-center gap-2">
                  <Icon name="check" className="size-4 shrink-0 text-green-700" />
                  {intl.formatMessage(point)}
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <span
                aria-hidden="true"
                className="inline-flex items-center gap-1 font-semibold text-brand-700"
              >
                <FormattedMessage id="refer.fillIn" defaultMessage="Fill in the form" />
                <Icon name="arrowRight" className="size-4" />
              </span>
              {meetingBaseUrl && (
                <StartMeetingForm
                  purpose={card.kind === 'student' ? 'referral' : 'partnership'}
                  className={buttonClasses('secondary', 'md', 'relative z-10')}
                >
                  <Icon name="video" />
                  <FormattedMessage id="refer.startMeeting" defaultMessage="Start Meeting" />
                  <span className="sr-only"> {intl.formatMessage(card.meetingHint)}</span>
                </StartMeetingForm>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
