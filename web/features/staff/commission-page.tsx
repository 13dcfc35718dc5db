import { useState } from 'react';
import {
  commissionLineStatuses,
  commissionLineUpdate,
  type CommissionLineStatus,
  type CommissionLineView,
} from '../../../shared/schemas/partners';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { Link, useSearchParams } from '../../lib/router';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import {
  commissionQuery,
  useCommissionLines,
  useCommissionRates,
  usePartnerOrganisations,
  useUpdateCommissionLine,
  type CommissionFilter,
} from './commission-api';
import { formatDay, statusLabel } from './format';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** Amounts are pence (decision 0041): shown as pounds and pence. */
export const formatPence = (pence: number) => pounds.format(pence / 100);

const dateOf = (line: CommissionLineView) =>
  line.status === 'paid'
    ? line.paidOn
    : line.status === 'invoiced'
      ? line.invoicedOn
      : line.status === 'cancelled'
        ? line.cancelledOn
        : null;

function terms(line: CommissionLineView): string {
  const rate =
    line.rate.kind === 'percent'
      ? `${(line.rate.rateBp ?? 0) / 100}% of tuition`
      : `fixed ${formatPence(line.rate.fixedPence ?? 0)}`;
  return line.partner ? `${rate}; partner share ${line.shareBp / 100}%` : rate;
}

/** One line's status, moved on with the version the admin saw (stale: 409, the line as it is). */
function LineStatusForm({ line, onSaved }: { line: CommissionLineView; onSaved: () => void }) {
  const update = useUpdateCommissionLine();
  const errorText = useErrorText();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useSchemaForm(commissionLineUpdate, {
    version: line.version,
    status: line.status,
    on: '',
  });
  const status = form.watch('status');
  const submit = form.handleSubmit((input) => {
    setMessage(null);
    update.mutate(
      { id: line.id, input: { ...input, version: line.version } },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: 'Saved.' });
          onSaved();
        },
        onError: (error) => {
          if (showServerErrors(form.setError, error)) return;
          if (error instanceof ApiError && error.status === 409 && error.current) {
            const current = error.current as CommissionLineView;
            form.reset({ version: current.version, status: current.status, on: '' });
            onSaved();
          }
          setMessage({ tone: 'error', text: errorText(error) });
        },
      },
    );
  });
  const label = `${line.studentName ?? 'Line'} at ${line.universityName}`;
  return (
    <form
      aria-label={`Status of ${label}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => void submit(event)}
    >
      <SelectField label="Status" {...form.register('status')}>
        {commissionLineStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </SelectField>
      {status !== 'expected' && status !== line.status && (
        <TextField
          label="On (empty: today)"
          type="date"
          {...form.register('on')}
          error={form.formState.errors.on && errorText(form.formState.errors.on)}
        />
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`basis-full text-sm font-medium ${message.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}

function LineCard({ line, onSaved }: { line: CommissionLineView; onSaved: () => void }) {
  const date = dateOf(line);
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">
          {line.applicationId ? (
            <Link
              to={`/staff/applications/${line.applicationId}`}
              className="text-brand-700 underline underline-offset-2"
            >
              {line.studentName ?? 'Application'}
            </Link>
          ) : (
            (line.studentName ?? 'Application erased')
          )}
        </h2>
        <span className="text-sm text-muted">
          {statusLabel(line.status)}
          {date ? ` on ${formatDay(date)}` : ''} · line of {formatDay(line.createdAt)}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-muted">University</dt>
        <dd className="break-words text-ink">
          {line.universityName}
          {line.programName ? ` · ${line.programName}` : ''}
          {line.intake ? ` · ${line.intake}` : ''}
        </dd>
        <dt className="font-medium text-muted">Partner</dt>
        <dd className="break-words text-ink">{line.partner?.name ?? 'None (direct)'}</dd>
        <dt className="font-medium text-muted">Tuition</dt>
        <dd className="tabular-nums text-ink">{formatPence(line.tuitionPence)}</dd>
        <dt className="font-medium text-muted">Terms</dt>
        <dd className="text-ink">{terms(line)}</dd>
        <dt className="font-medium text-muted">Due to the agency</dt>
        <dd className="font-semibold tabular-nums text-ink">{formatPence(line.agencyPence)}</dd>
        <dt className="font-medium text-muted">Partner’s share</dt>
        <dd className="tabular-nums text-ink">{formatPence(line.partnerPence)}</dd>
      </dl>
      <LineStatusForm key={line.version} line={line} onSaved={onSaved} />
    </li>
  );
}

/** Issue 28 §3: the commission lines, by status, partner and university; moved on; exported. */
export function CommissionPage() {
  usePageTitle('Commission · Staff console');
  const [params, setParams] = useSearchParams();
  const filter: CommissionFilter = {
    status: params.get('status') ?? undefined,
    partnerId: params.get('partnerId') ?? undefined,
    universityId: params.get('universityId') ?? undefined,
  };
  const lines = useCommissionLines(filter);
  const partners = usePartnerOrganisations();
  const rates = useCommissionRates();
  const errorText = useErrorText();
  const set = (changes: CommissionFilter) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const totals = (lines.data ?? []).reduce(
    (sum, l) =>
      l.status === 'cancelled'
        ? sum
        : { agency: sum.agency + l.agencyPence, partner: sum.partner + l.partnerPence },
    { agency: 0, partner: 0 },
  );

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Commission</h1>
        <a
          href={`/api/staff/commission/lines.csv${commissionQuery(filter)}`}
          download
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50"
        >
          Download CSV
        </a>
      </div>
      <p className="text-sm text-muted">
        A line is made when a student’s firm offer becomes unconditional (or the case is marked
        accepted), with the university’s terms and the partner’s share then in force. Amounts are in
        pounds and pence; the CSV has them in pence.
      </p>
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filters">
        <SelectField
          label="Status"
          value={filter.status ?? ''}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {commissionLineStatuses.map((s: CommissionLineStatus) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Partner"
          value={filter.partnerId ?? ''}
          onChange={(e) => set({ partnerId: e.target.value })}
        >
          <option value="">All</option>
          <option value="none">None (direct)</option>
          {(partners.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="University"
          value={filter.universityId ?? ''}
          onChange={(e) => set({ universityId: e.target.value })}
        >
          <option value="">All universities with terms</option>
          {(rates.data ?? []).map((r) => (
            <option key={r.universityId} value={r.universityId}>
              {r.universityName}
            </option>
          ))}
        </SelectField>
      </div>
      {lines.isPending && <Spinner label="Loading the commission lines…" />}
      {lines.isError && <Alert tone="error">{errorText(lines.error)}</Alert>}
      {lines.data && (
        <>
          <p className="text-sm text-ink" role="status">
            {lines.data.length === 1 ? '1 line' : `${lines.data.length} lines`}; not cancelled:{' '}
            <strong className="tabular-nums">{formatPence(totals.agency)}</strong> due to the
            agency, of which <strong className="tabular-nums">{formatPence(totals.partner)}</strong>{' '}
            to partners.
          </p>
          {lines.data.length === 0 ? (
            <p className="text-sm text-ink">No commission line matches these filters.</p>
          ) : (
            <ul className="space-y-3">
              {lines.data.map((line) => (
                <LineCard key={line.id} line={line} onSaved={() => void lines.refetch()} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
