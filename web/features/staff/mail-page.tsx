import type { OutboxMailEntry } from '../../../shared/schemas/mail';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { formatDayTime } from './format';
import { useMailOverview, useRetryMail } from './staff-api';
import { ErrorText } from '../../components/error-text';

function RetryButton({ entry }: { entry: OutboxMailEntry }) {
  const retry = useRetryMail();
  return (
    <div className="flex flex-col items-start gap-1 md:items-end">
      <Button
        variant="secondary"
        disabled={retry.isPending}
        onClick={() => retry.mutate(entry.id)}
        aria-label={`Retry “${entry.subject}” to ${entry.recipient}`}
      >
        {retry.isPending ? 'Retrying…' : 'Retry'}
      </Button>
      {retry.isError && (
        <span role="alert" className="text-sm text-red-800">
          <ErrorText error={retry.error} />
        </span>
      )}
    </div>
  );
}

function MailList({
  label,
  entries,
  empty,
  failed,
}: {
  label: string;
  entries: OutboxMailEntry[];
  empty: string;
  failed?: boolean;
}) {
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
      aria-label={label}
    >
      {entries.map((m) => (
        <li
          key={m.id}
          className="grid gap-2 p-3 text-sm md:grid-cols-[11rem_1fr_auto] md:items-center"
        >
          <span className="tabular-nums text-muted">{formatDayTime(m.createdAt)}</span>
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium text-ink">{m.subject}</p>
            <p className="break-words text-muted">To {m.recipient}</p>
            <p className="break-words text-muted">
              {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
              {m.lastError ? ` · last error: ${m.lastError}` : ''}
              {!failed && ` · next try ${formatDayTime(m.nextAttemptAt)}`}
            </p>
          </div>
          {failed && <RetryButton entry={m} />}
        </li>
      ))}
      {entries.length === 0 && <li className="p-6 text-center text-muted">{empty}</li>}
    </ul>
  );
}

/** /staff/mail (admins): e-mail the portal could not deliver, with a retry per message. */
export function MailPage() {
  usePageTitle('Mail · Staff console');
  const mail = useMailOverview();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Mail</h1>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Every e-mail is kept until it is delivered. A message the mail server refuses for good, or
          keeps refusing for about a day, stops here: fix the cause (the address or the mail server)
          and retry it.
        </p>
      </div>
      {mail.isPending && <Spinner label="Loading the mail queue…" />}
      {mail.isError && (
        <Alert tone="error">
          <ErrorText error={mail.error} />
        </Alert>
      )}
      {mail.data && (
        <>
          <p className="text-sm text-ink" aria-live="polite">
            {mail.data.counts.failed} failed · {mail.data.counts.pending} waiting ·{' '}
            {mail.data.counts.sent} sent (kept 30 days)
          </p>
          <section aria-labelledby="failed-mail" className="space-y-2">
            <h2 id="failed-mail" className="text-lg font-semibold text-ink">
              Failed
            </h2>
            <MailList
              label="Failed e-mails"
              entries={mail.data.failed}
              empty="No e-mail has failed."
              failed
            />
          </section>
          <section aria-labelledby="waiting-mail" className="space-y-2">
            <h2 id="waiting-mail" className="text-lg font-semibold text-ink">
              Waiting to be sent
            </h2>
            <MailList
              label="E-mails waiting"
              entries={mail.data.pending}
              empty="Nothing is waiting."
            />
          </section>
        </>
      )}
    </div>
  );
}
