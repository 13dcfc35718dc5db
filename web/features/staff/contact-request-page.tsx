import { useState } from 'react';
import { Link, useParams } from '../../lib/router';
import { maxNoteLength } from '../../../shared/schemas/staff';
import type { ContactRequestType } from '../../../shared/staff-workflow';
import { Alert } from '../../components/alert';
import { ErrorText } from '../../components/error-text';
import { Button } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ContactStatusBadge } from './contact-status-badge';
import { formatDayTime, statusLabel } from './format';
import { useContactRequest, useMarkContactRequest } from './staff-api';
import { TextAreaField } from '../../components/field';
import { ReferralCasework } from './referral-casework';
import { useSession } from '../../lib/auth-client';
import { AcceptPartnership } from './accept-partnership';

export function ContactRequestPage() {
  const params = useParams();
  const type: ContactRequestType = params.type === 'partnership' ? 'partnership' : 'referral';
  const id = params.id ?? '';
  const request = useContactRequest(type, id);
  const mark = useMarkContactRequest(type, id);
  const [note, setNote] = useState('');
  const isAdmin = useSession().data?.role === 'admin';
  usePageTitle(`${type === 'referral' ? 'Referral' : 'Partnership request'} · Staff console`);

  const r = request.data;
  // the status this page shows goes with the mark: a colleague's mark meanwhile is a 409
  const act = (status: 'contacted' | 'closed') =>
    r &&
    mark.mutate(
      { status, from: r.status, note: note.trim() || undefined },
      { onSuccess: () => setNote('') },
    );
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <Link
        to={`/staff/requests${type === 'partnership' ? '?type=partnership' : ''}`}
        className="text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        ← Back to the list
      </Link>
      {request.isPending && <Spinner label="Loading the request…" />}
      {request.isError && (
        <Alert tone="error">
          <ErrorText error={request.error} />
        </Alert>
      )}
      {r && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-ink">{r.name}</h1>
            <ContactStatusBadge status={r.status} />
          </div>
          <section
            aria-labelledby="contact-title"
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id="contact-title" className="text-lg font-semibold text-ink">
              {type === 'referral' ? 'Student referral' : 'Partnership request'}
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
              {(
                [
                  [type === 'partnership' ? 'Contact name' : 'Referred by', r.name],
                  ...(r.businessName ? [['Business', r.businessName]] : []),
                  ['Country', r.countryName],
                  ['Phone', r.phone],
                  ['E-mail', r.email],
                  ['Received', formatDayTime(r.createdAt)],
                ] as [string, string][]
              ).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-sm font-medium text-muted">{term}</dt>
                  <dd className="break-words text-sm text-ink">
                    {term === 'Phone' ? (
                      <a className="text-brand-700 underline" href={`tel:${value}`}>
                        {value}
                      </a>
                    ) : term === 'E-mail' ? (
                      <a className="text-brand-700 underline" href={`mailto:${value}`}>
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          {type === 'partnership' && isAdmin && <AcceptPartnership id={id} />}
          {r.student && (
            <section
              aria-labelledby="student-title"
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <h2 id="student-title" className="text-lg font-semibold text-ink">
                The student
              </h2>
              <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
                <dt className="text-sm font-medium text-muted">Name</dt>
                <dd className="break-words text-sm text-ink">{r.student.name}</dd>
                {r.student.email && (
                  <>
                    <dt className="text-sm font-medium text-muted">E-mail</dt>
                    <dd className="break-words text-sm">
                      <a className="text-brand-700 underline" href={`mailto:${r.student.email}`}>
                        {r.student.email}
                      </a>
                    </dd>
                  </>
                )}
                {r.student.phone && (
                  <>
                    <dt className="text-sm font-medium text-muted">Phone</dt>
                    <dd className="break-words text-sm">
                      <a className="text-brand-700 underline" href={`tel:${r.student.phone}`}>
                        {r.student.phone}
                      </a>
                    </dd>
                  </>
                )}
                <dt className="text-sm font-medium text-muted">Wants to study</dt>
                <dd className="break-words text-sm text-ink">
                  {r.student.studyInterest ?? 'Not given'}
                </dd>
              </dl>
            </section>
          )}
          {r.casework && <ReferralCasework referral={r} />}
          <section
            aria-labelledby="handling-title"
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id="handling-title" className="text-lg font-semibold text-ink">
              Handling
            </h2>
            {r.history.length === 0 ? (
              <p className="text-sm text-muted">Nobody has picked this up yet.</p>
            ) : (
              <ol className="space-y-2">
                {r.history.map((h) => (
                  <li key={h.id} className="text-sm">
                    <span className="font-medium">{statusLabel(h.status)}</span> by{' '}
                    {h.by?.name ?? 'Former staff member'}, {formatDayTime(h.at)}
                    {h.note && <p className="mt-1 rounded-md bg-slate-50 p-2">{h.note}</p>}
                  </li>
                ))}
              </ol>
            )}
            {mark.isError && (
              <Alert tone="error">
                <ErrorText error={mark.error} />
              </Alert>
            )}
            <TextAreaField
              label="Note (optional)"
              rows={2}
              maxLength={maxNoteLength}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => act('contacted')}
                disabled={mark.isPending || r.status === 'contacted'}
              >
                Mark as contacted
              </Button>
              <Button
                variant="secondary"
                onClick={() => act('closed')}
                disabled={mark.isPending || r.status === 'closed'}
              >
                Mark as closed
              </Button>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
