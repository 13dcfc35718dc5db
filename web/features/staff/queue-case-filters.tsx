import type { z } from 'zod';
import {
  maxStageWorkingDays,
  stageTimesInput,
  type StageTimes,
} from '../../../shared/schemas/casework';
import type { QueueItem, QueuePage } from '../../../shared/schemas/staff';
import { useSchemaForm } from '../../lib/schema-form';
import { useSession } from '../../lib/auth-client';
import { useSetStageTimes, useStageTimes } from './staff-casework-api';
import { applicationStatuses } from '../../../shared/application-status';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ErrorText } from '../../components/error-text';

type Filters = Record<string, string | undefined>;

const chip = (isOn: boolean) =>
  `rounded-full border px-3 py-1 text-sm font-medium ${isOn ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-50'}`;

/** The queue's casework filters (owner, late, action required, erasure requested) with their counts. */
export function CaseFilters({
  filters,
  counts,
  onChange,
}: {
  filters: Filters;
  counts: QueuePage['flagCounts'] | undefined;
  onChange: (changes: Filters) => void;
}) {
  const toggle = (name: string, value: string) =>
    onChange({ [name]: filters[name] === value ? undefined : value });
  return (
    <div role="group" aria-label="Case filters" className="flex flex-wrap gap-2">
      <button
        type="button"
        className={chip(filters.owner === 'me')}
        aria-pressed={filters.owner === 'me'}
        onClick={() => toggle('owner', 'me')}
      >
        My cases
      </button>
      <button
        type="button"
        className={chip(filters.owner === 'none')}
        aria-pressed={filters.owner === 'none'}
        onClick={() => toggle('owner', 'none')}
      >
        Unassigned
      </button>
      <button
        type="button"
        className={chip(filters.late === '1')}
        aria-pressed={filters.late === '1'}
        onClick={() => toggle('late', '1')}
      >
        Late{counts ? ` (${counts.late.toLocaleString('en-GB')})` : ''}
      </button>
      <button
        type="button"
        className={chip(filters.action === 'required')}
        aria-pressed={filters.action === 'required'}
        onClick={() => toggle('action', 'required')}
      >
        Action required{counts ? ` (${counts.actionRequired.toLocaleString('en-GB')})` : ''}
      </button>
      <button
        type="button"
        className={chip(filters.action === 'overdue')}
        aria-pressed={filters.action === 'overdue'}
        onClick={() => toggle('action', 'overdue')}
      >
        Overdue requests{counts ? ` (${counts.overdue.toLocaleString('en-GB')})` : ''}
      </button>
      <button
        type="button"
        className={chip(filters.erasure === 'requested')}
        aria-pressed={filters.erasure === 'requested'}
        onClick={() => toggle('erasure', 'requested')}
      >
        Erasure requested
        {counts ? ` (${counts.erasureRequested.toLocaleString('en-GB')})` : ''}
      </button>
      {/* D18: where the universities' choices stand (flags kept with every choice change) */}
      <button
        type="button"
        className={chip(filters.choice === 'awaiting_decision')}
        aria-pressed={filters.choice === 'awaiting_decision'}
        onClick={() => toggle('choice', 'awaiting_decision')}
      >
        Awaiting decision
      </button>
      <button
        type="button"
        className={chip(filters.choice === 'offer_awaiting_reply')}
        aria-pressed={filters.choice === 'offer_awaiting_reply'}
        onClick={() => toggle('choice', 'offer_awaiting_reply')}
      >
        Offer awaiting reply
      </button>
    </div>
  );
}

/** Beside a queue row's status: late, waiting on the applicant, closed. */
export function QueueFlags({ item }: { item: QueueItem }) {
  const overdue =
    item.requestDueOn !== null && item.requestDueOn < new Date().toISOString().slice(0, 10);
  return (
    <span className="ml-1 inline-flex flex-wrap gap-1">
      {item.outcome && (
        <span className="rounded bg-slate-200 px-1.5 text-xs font-semibold text-ink">
          {item.outcome === 'withdrawn' ? 'Withdrawn' : 'Unsuccessful'}
        </span>
      )}
      {item.erasureRequested && (
        <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
          Erasure requested
        </span>
      )}
      {item.late && (
        <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">Late</span>
      )}
      {item.requestDueOn && (
        <span
          className={`rounded px-1.5 text-xs font-semibold ${overdue ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {overdue ? 'Request overdue' : 'Waiting on applicant'}
        </span>
      )}
    </span>
  );
}

/** Admins: the working days each stage usually takes (blank: no expectation). */
export function StageTimesForm() {
  const session = useSession();
  const times = useStageTimes();
  if (session.data?.role !== 'admin' || !times.data) return null;
  return <StageTimesFields times={times.data} />;
}

const stages = applicationStatuses.filter((s) => s !== 'accepted');

function StageTimesFields({ times }: { times: StageTimes }) {
  const save = useSetStageTimes();
  // the form holds what is typed (text); the schema the route uses makes it whole days or blank
  const form = useSchemaForm(
    stageTimesInput,
    Object.fromEntries(
      applicationStatuses.map((s) => [s, times[s] === null ? '' : String(times[s])]),
    ) as z.input<typeof stageTimesInput>,
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(input, { onSuccess: () => form.reset(form.getValues()) }),
  );
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-ink">Expected time per stage</summary>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-4">
        {stages.map((s) => (
          <TextField
            key={s}
            label={`${s.charAt(0).toUpperCase()}${s.slice(1)} (working days)`}
            type="number"
            min={1}
            max={maxStageWorkingDays}
            error={errors[s]?.message}
            {...form.register(s)}
          />
        ))}
        <div className="sm:col-span-4">
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            Save stage times
          </Button>
          {save.isError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              <ErrorText error={save.error} />
            </p>
          )}
        </div>
      </form>
    </details>
  );
}
