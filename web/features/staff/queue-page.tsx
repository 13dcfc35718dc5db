import { useSearchParams } from '../../lib/router';
import { maxQueueOffset, queueQuery } from '../../../shared/schemas/staff';
import type { ApplicationStatus } from '../../../shared/application-status';
import { Alert } from '../../components/alert';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { Pagination } from '../../components/pagination';
import { QueueFilters, type Filters } from './queue-filters';
import { QueueResults } from './queue-results';
import { useQueue } from './staff-api';
import { StatusChart } from './status-chart';
import { CaseFilters, StageTimesForm } from './queue-case-filters';
import { ErrorText } from '../../components/error-text';

const filterNames = [
  'q',
  'status',
  'universityId',
  'programId',
  'level',
  'from',
  'to',
  'sort',
  'dir',
  'page',
  'pageSize',
  'owner',
  'late',
  'action',
  'erasure',
  'choice',
];

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((i) => [String(i.path[0] ?? '_'), i.message]));
}

export function QueuePage() {
  usePageTitle('Applications · Staff console');
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    filterNames.map((n) => [n, params.get(n) ?? undefined]),
  );
  // The shared schema checks the filters here too, so a one-letter search is explained, not sent.
  const checked = queueQuery.safeParse(filters);
  const errors = checked.success ? {} : fieldErrors(checked.error.issues);
  const queue = useQueue(checked.success ? filters : {});

  function change(changes: Filters) {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  const data = checked.success ? queue.data : undefined;
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">Applications</h1>
        {data && (
          <p className="text-sm text-muted">
            {data.total.toLocaleString('en-GB')} matching{' '}
            {data.total === 1 ? 'application' : 'applications'}
          </p>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <QueueFilters filters={filters} errors={errors} onChange={change} />
        {data && (
          <StatusChart
            counts={data.statusCounts}
            selected={filters.status as ApplicationStatus | undefined}
            onSelect={(status) => change({ status })}
          />
        )}
      </div>
      <CaseFilters filters={filters} counts={data?.flagCounts} onChange={change} />
      {queue.isError && checked.success && (
        <Alert tone="error" title="The applications could not be loaded">
          <ErrorText error={queue.error} />
        </Alert>
      )}
      {!checked.success && errors.page && <Alert tone="warning">{errors.page}</Alert>}
      {queue.isPending && checked.success && <Spinner label="Loading applications…" />}
      {data && (
        <div aria-busy={queue.isFetching}>
          <QueueResults items={data.items} />
          <Pagination
            label="Application pages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            maxRows={maxQueueOffset}
            onPage={(page) => change({ page: String(page) })}
          />
        </div>
      )}
      <StageTimesForm />
    </div>
  );
}
