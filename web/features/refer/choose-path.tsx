import { buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon, type IconName } from '../../components/icons';
import { meetingLink } from '../../lib/contact-links';
import { networkKinds, type NetworkKind } from './network-kinds';

const cards: { kind: NetworkKind; icon: IconName; text: string; points: string[] }[] = [
  {
    kind: 'student',
    icon: 'users',
    text: 'Know someone who wants to study in the UK? Tell us how to reach you and we will guide them from shortlist to offer.',
    points: ['Free guidance for the student', 'We keep you updated'],
  },
  {
    kind: 'partner',
    icon: 'handshake',
    text: 'Run an education agency, school or student service? Work with us to place your students at UK universities.',
    points: ['Dedicated partner contact', 'Access to our full catalogue'],
  },
];

/** Two cards: the card's title chooses its form (the whole card is clickable); a meeting opens in a new tab. */
export function ChoosePath({ meetingBaseUrl, onChoose }: { meetingBaseUrl?: string; onChoose: (kind: NetworkKind) => void }) {
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
              <button
                type="button"
                onClick={() => onChoose(card.kind)}
                className="text-start after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:text-brand-700"
              >
                {config.title}
              </button>
            </h2>
            <p className="mt-2 text-muted">{card.text}</p>
            <ul className="mt-4 space-y-1 text-sm">
              {card.points.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <Icon name="check" className="size-4 text-green-700" />
                  {point}
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-brand-700">
                Fill in the form
                <Icon name="arrowRight" className="size-4" />
              </span>
              {meetingBaseUrl && (
                <ExternalLink
                  href={meetingLink(meetingBaseUrl, config.meetingRoom)}
                  newTabHint={`about ${config.title.toLowerCase()} (opens a video room in a new tab)`}
                  className={buttonClasses('secondary', 'md', 'relative z-10')}
                >
                  <Icon name="video" />
                  Start Meeting
                </ExternalLink>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
