import { useState } from 'react';
import {
  FormattedMessage,
  defineMessage,
  defineMessages,
  useIntl,
  type MessageDescriptor,
} from 'react-intl';
import { choiceNeedingReply, type ChoiceReply } from '../../../shared/application-choices';
import type { ApplicationView } from '../../../shared/schemas/application';
import type { ChoiceView } from '../../../shared/schemas/choices';
import { Button } from '../button';
import { choiceStates } from './choice-states';
import { useErrorText } from '../../lib/error-text';
import { replyToChoice } from '../../lib/casework-api';

const replied = defineMessages({
  firm: {
    id: 'casework.choices.replied.firm',
    defaultMessage: 'You accepted this offer as your firm choice.',
  },
  insurance: {
    id: 'casework.choices.replied.insurance',
    defaultMessage: 'You kept this offer as your insurance choice.',
  },
  declined: { id: 'casework.choices.replied.declined', defaultMessage: 'You declined this offer.' },
});

const buttons = defineMessages({
  firm: { id: 'casework.choices.reply.firm', defaultMessage: 'Accept as my firm choice' },
  insurance: { id: 'casework.choices.reply.insurance', defaultMessage: 'Keep as insurance' },
  declined: { id: 'casework.choices.reply.declined', defaultMessage: 'Decline this offer' },
});

const confirmations: Record<ChoiceReply, MessageDescriptor> = defineMessages({
  firm: {
    id: 'casework.choices.confirm.firm',
    defaultMessage:
      'Accept the offer from {university} as your firm choice? Only our team can change it afterwards.',
  },
  insurance: {
    id: 'casework.choices.confirm.insurance',
    defaultMessage:
      'Keep the offer from {university} as your insurance choice? Only our team can change it afterwards.',
  },
  declined: {
    id: 'casework.choices.confirm.declined',
    defaultMessage:
      'Decline the offer from {university}? Only our team can change it afterwards, and the place may be gone.',
  },
});

const failed: MessageDescriptor = defineMessage({
  id: 'casework.choices.error.failed',
  defaultMessage: 'Your reply could not be sent. Please try again.',
});

const dayOf = (intl: ReturnType<typeof useIntl>, iso: string) =>
  intl.formatDate(new Date(`${iso}T00:00:00Z`), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const stateTones: Record<ChoiceView['state'], string> = {
  not_sent: 'bg-slate-100 text-slate-800',
  sent: 'bg-indigo-100 text-indigo-900',
  conditional_offer: 'bg-purple-100 text-purple-900',
  unconditional_offer: 'bg-green-100 text-green-900',
  unsuccessful: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-100 text-slate-800',
};

interface ReplyProps {
  application: ApplicationView;
  /** The track page's tracking token; without it (the dashboard) the session is the owner. */
  token?: string;
  onUpdated: (application: ApplicationView) => void;
  /** The track page downloads a letter with its token as a bearer; without it, a plain link. */
  download?: (url: string, fileName: string) => Promise<void>;
}

/** D18 on the track page: every university with its state; an offer with its conditions, letters and the reply. */
export function ApplicantChoices(props: ReplyProps) {
  const { application } = props;
  if (application.choices.length === 0) return null;
  return (
    <section
      aria-labelledby="choices-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="choices-title" className="text-xl font-semibold text-ink">
        <FormattedMessage id="casework.choices.title" defaultMessage="Your universities" />
      </h2>
      <div className="space-y-3">
        {application.choices.map((c) => (
          <article
            key={c.id}
            aria-labelledby={`choice-${c.id}`}
            className="space-y-2 rounded-lg border border-slate-200 p-3"
          >
            <ChoiceHeading choice={c} />
            <ChoiceDetails choice={c} {...props} />
          </article>
        ))}
      </div>
    </section>
  );
}

function ChoiceHeading({ choice: c, level = 3 }: { choice: ChoiceView; level?: 3 | 4 }) {
  const intl = useIntl();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <Heading id={`choice-${c.id}`} className="font-semibold break-words text-ink">
          {c.university.name}
        </Heading>
        {c.program && <p className="text-sm text-muted">{c.program.name}</p>}
      </div>
      <span className={`rounded-full px-3 py-1 text-sm font-semibold ${stateTones[c.state]}`}>
        {intl.formatMessage(choiceStates[c.state])}
      </span>
    </div>
  );
}

function ChoiceDetails({
  choice: c,
  application,
  token,
  onUpdated,
  download,
}: ReplyProps & { choice: ChoiceView }) {
  const intl = useIntl();
  return (
    <div className="space-y-2 text-sm">
      {c.sentOn && (
        <p className="text-muted">
          <FormattedMessage
            id="casework.choices.sentOn"
            defaultMessage="Sent on {date}"
            values={{ date: dayOf(intl, c.sentOn) }}
          />
          {c.reference && (
            <>
              {' · '}
              <FormattedMessage
                id="casework.choices.reference"
                defaultMessage="University reference: {reference}"
                values={{ reference: <bdi>{c.reference}</bdi> }}
              />
            </>
          )}
        </p>
      )}
      {c.conditions.length > 0 && (
        <div>
          <p className="font-medium text-ink">
            <FormattedMessage
              id="casework.choices.conditions"
              defaultMessage="Conditions of the offer"
            />
          </p>
          <ul className="list-disc ps-5 text-ink">
            {c.conditions.map((condition, i) => (
              <li key={i}>{condition}</li>
            ))}
          </ul>
        </div>
      )}
      {c.conditionsMetOn && (
        <p className="text-green-800">
          <FormattedMessage
            id="casework.choices.conditionsMet"
            defaultMessage="Conditions met on {date}: the offer is unconditional."
            values={{ date: dayOf(intl, c.conditionsMetOn) }}
          />
        </p>
      )}
      {c.reason && (
        <p className="text-muted">
          <FormattedMessage
            id="casework.choices.reason"
            defaultMessage="Reason: {reason}"
            values={{ reason: c.reason }}
          />
        </p>
      )}
      <Letters choice={c} download={download} />
      {c.reply && <p className="font-semibold text-ink">{intl.formatMessage(replied[c.reply])}</p>}
      {c.replies.length > 0 && (
        <ReplyButtons choice={c} application={application} token={token} onUpdated={onUpdated} />
      )}
    </div>
  );
}

function Letters({ choice: c, download }: Pick<ReplyProps, 'download'> & { choice: ChoiceView }) {
  const intl = useIntl();
  const [error, setError] = useState(false);
  if (c.documents.length === 0) return null;
  return (
    <div>
      <p className="font-medium text-ink">
        <FormattedMessage id="casework.choices.letters" defaultMessage="Letters" />
      </p>
      <ul className="space-y-1">
        {c.documents.map((d) => (
          <li key={d.id}>
            {download ? (
              <button
                type="button"
                className="font-semibold text-brand-700 underline underline-offset-2"
                onClick={() =>
                  void download(d.url, d.fileName).then(
                    () => setError(false),
                    () => setError(true),
                  )
                }
              >
                <FormattedMessage
                  id="casework.choices.download"
                  defaultMessage="Download {file}"
                  values={{ file: <bdi>{d.fileName}</bdi> }}
                />
              </button>
            ) : (
              <a
                href={d.url}
                download={d.fileName}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                <FormattedMessage
                  id="casework.choices.download"
                  defaultMessage="Download {file}"
                  values={{ file: <bdi>{d.fileName}</bdi> }}
                />
              </a>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {intl.formatMessage({
            id: 'casework.choices.downloadFailed',
            defaultMessage: 'The letter could not be downloaded. Please try again.',
          })}
        </p>
      )}
    </div>
  );
}

/** The replies the server allows now; each asks for confirmation first (it cannot be undone without the team). */
function ReplyButtons({
  choice: c,
  application,
  token,
  onUpdated,
}: ReplyProps & { choice: ChoiceView }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState<ChoiceReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function send(reply: ChoiceReply) {
    setBusy(true);
    setError(undefined);
    try {
      onUpdated(await replyToChoice(application.id, c.id, reply, token));
      setConfirming(null);
    } catch (e) {
      setError(errorText(e, { otherwise: intl.formatMessage(failed) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2 rounded-lg border border-purple-200 bg-purple-50 p-3">
      {c.replyDeadline && (
        <p className="font-semibold text-purple-950">
          <FormattedMessage
            id="casework.choices.replyBy"
            defaultMessage="Reply by {date}"
            values={{ date: dayOf(intl, c.replyDeadline) }}
          />
        </p>
      )}
      {confirming === null ? (
        <div className="flex flex-wrap gap-2">
          {c.replies.map((r) => (
            <Button
              key={r}
              variant={r === 'firm' ? 'primary' : 'secondary'}
              onClick={() => setConfirming(r)}
              aria-describedby={`choice-${c.id}`}
            >
              {intl.formatMessage(buttons[r])}
            </Button>
          ))}
        </div>
      ) : (
        <div
          role="group"
          aria-label={intl.formatMessage({
            id: 'casework.choices.confirmGroup',
            defaultMessage: 'Confirm your reply',
          })}
          className="space-y-2"
        >
          <p className="text-ink">
            {intl.formatMessage(confirmations[confirming], { university: c.university.name })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => void send(confirming)}>
              <FormattedMessage
                id="casework.choices.confirmYes"
                defaultMessage="Yes, send my reply"
              />
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
              <FormattedMessage id="casework.choices.confirmNo" defaultMessage="Not now" />
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * On a dashboard card: each university's state in one line, and the offer waiting for the
 * student's reply in full (conditions, letters, deadline, the reply buttons).
 */
export function ChoicesSummary(props: ReplyProps) {
  const intl = useIntl();
  const { application } = props;
  if (application.choices.length === 0) return null;
  const today = new Date().toISOString().slice(0, 10);
  const waiting = application.casework.outcome
    ? null
    : choiceNeedingReply(application.choices, today);
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold text-ink">
        <FormattedMessage id="casework.choices.summaryTitle" defaultMessage="Each university" />
      </h3>
      <ul className="space-y-1 text-sm">
        {application.choices.map((c) => (
          <li key={c.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 break-words text-ink">{c.university.name}</span>
            <span className="font-medium text-muted">
              {intl.formatMessage(choiceStates[c.state])}
            </span>
          </li>
        ))}
      </ul>
      {waiting && (
        <article
          aria-labelledby={`choice-${waiting.id}`}
          className="space-y-2 rounded-lg border border-purple-200 p-3"
        >
          <p className="text-sm font-semibold text-purple-900">
            <FormattedMessage
              id="casework.choices.needsReply"
              defaultMessage="Action required: reply to this offer"
            />
          </p>
          <ChoiceHeading choice={waiting} level={4} />
          <ChoiceDetails choice={waiting} {...props} />
        </article>
      )}
    </section>
  );
}
