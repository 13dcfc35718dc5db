import { useState } from 'react';
import type { AgendaBooking } from '../../../shared/schemas/booking';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { SelectField, TextAreaField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { Link } from '../../lib/router';
import { useAgenda, useMarkBooking } from './bookings-api';
import { ErrorText } from '../../components/error-text';

const day = 86_400_000;
const startOfToday = () => new Date(new Date().setHours(0, 0, 0, 0));

const dayHeading = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

const statusText: Record<string, { label: string; className: string }> = {
  confirmed: { label: 'Booked', className: 'bg-blue-100 text-blue-900' },
  held: { label: 'Held', className: 'bg-green-100 text-green-900' },
  no_show: { label: 'No-show', className: 'bg-amber-100 text-amber-900' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-200 text-slate-700' },
};

/** /staff/agenda: today and the next days; a consultant's own bookings, an admin's everyone's. */
export function AgendaPage({ isAdmin }: { isAdmin: boolean }) {
  usePageTitle('Agenda · Staff console');
  const [week, setWeek] = useState(0);
  const [from] = useState(startOfToday);
  const [consultantId, setConsultantId] = useState('');
  const shownFrom = new Date(from.getTime() + week * 7 * day);
  const agenda = useAgenda({
    from: shownFrom.toISOString(),
    days: '7',
    ...(consultantId ? { consultantId } : {}),
  });
  const groups = new Map<string, AgendaBooking[]>();
  for (const b of agenda.data?.bookings ?? []) {
    const key = dayHeading.format(new Date(b.startsAt));
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Agenda</h1>
      <p className="text-sm text-muted">
        Times in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {isAdmin && agenda.data && (
          <div className="w-64">
            <SelectField
              label="Consultant"
              value={consultantId}
              onChange={(e) => setConsultantId(e.target.value)}
            >
              <option value="">Everyone</option>
              {agenda.data.consultants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <Button variant="secondary" disabled={week === 0} onClick={() => setWeek(week - 1)}>
          Previous 7 days
        </Button>
        <Button variant="secondary" onClick={() => setWeek(week + 1)}>
          Next 7 days
        </Button>
      </div>
      {agenda.isPending && <Spinner label="Loading the agenda…" />}
      {agenda.isError && (
        <Alert tone="error">
          <ErrorText error={agenda.error} />
        </Alert>
      )}
      {agenda.data && !isAdmin && agenda.data.consultants.length === 0 && (
        <Alert tone="warning" title="Your account is not linked to a consultant">
          An admin links it under Availability; then the consultations booked with you show here.
        </Alert>
      )}
      {agenda.data && groups.size === 0 && (
        <p className="rounded-lg bg-white p-4 text-sm text-muted">
          No consultations from {dayHeading.format(shownFrom)} for 7 days.
        </p>
      )}
      {[...groups.entries()].map(([heading, list]) => (
        <section key={heading} aria-label={heading} className="space-y-2">
          <h2 className="text-lg font-semibold text-ink">{heading}</h2>
          <ul className="space-y-3">
            {list.map((b) => (
              <AgendaItem key={b.id} booking={b} showConsultant={isAdmin} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function AgendaItem({
  booking: b,
  showConsultant,
}: {
  booking: AgendaBooking;
  showConsultant: boolean;
}) {
  const mark = useMarkBooking();
  const [note, setNote] = useState(b.staffNote ?? '');
  const [now] = useState(Date.now);
  const started = Date.parse(b.startsAt) <= now;
  const status = statusText[b.status] ?? statusText.confirmed!;
  const isCancelled = b.status === 'cancelled';
  return (
    <li
      aria-label={`${clock.format(new Date(b.startsAt))} ${b.name}`}
      className={`rounded-xl border border-slate-200 bg-white p-4 ${isCancelled ? 'opacity-70' : ''}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-ink">
          {clock.format(new Date(b.startsAt))}–{clock.format(new Date(b.endsAt))} · {b.name}
          {showConsultant && (
            <span className="font-normal text-muted"> with {b.consultantName}</span>
          )}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm">
        <a className="text-brand-700 underline" href={`mailto:${b.email}`}>
          {b.email}
        </a>
        {b.phone && <span className="ml-3">{b.phone}</span>}
        <span className="ml-3 text-muted">
          {b.channel === 'video' ? 'Video' : 'WhatsApp'} · student’s zone {b.timeZone}
        </span>
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-sm">{b.topic}</p>
      {b.applicationId && (
        <p className="mt-2 text-sm">
          Application:{' '}
          <Link className="text-brand-700 underline" to={`/staff/applications/${b.applicationId}`}>
            {b.applicationTitle ?? b.applicationId}
          </Link>
        </p>
      )}
      {!isCancelled && (
        <div className="mt-3 flex flex-wrap gap-2">
          {b.roomUrl && (
            <ExternalLink
              href={b.roomUrl}
              className="text-sm font-semibold text-brand-700 underline"
            >
              Open the room
            </ExternalLink>
          )}
          {started && (
            <>
              <Button
                variant="secondary"
                disabled={mark.isPending || b.status === 'held'}
                onClick={() => mark.mutate({ id: b.id, status: 'held', version: b.version })}
              >
                Mark held
              </Button>
              <Button
                variant="secondary"
                disabled={mark.isPending || b.status === 'no_show'}
                onClick={() => mark.mutate({ id: b.id, status: 'no_show', version: b.version })}
              >
                Mark no-show
              </Button>
            </>
          )}
        </div>
      )}
      {!isCancelled && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            mark.mutate({ id: b.id, note, version: b.version });
          }}
        >
          <TextAreaField
            label="Note for the team"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" variant="ghost" disabled={mark.isPending}>
            Save note
          </Button>
        </form>
      )}
      {isCancelled && b.staffNote && <p className="mt-2 text-sm text-muted">Note: {b.staffNote}</p>}
      {mark.isError && (
        <div className="mt-2">
          <Alert tone="error">
            <ErrorText error={mark.error} />
          </Alert>
        </div>
      )}
    </li>
  );
}
