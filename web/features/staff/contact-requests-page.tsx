import { Link, useSearchParams } from '../../lib/router';
import type { ContactRequestSummary } from '../../../shared/schemas/staff';
import { contactRequestStatuses, type ContactRequestType } from '../../../shared/staff-workflow';
import { Alert } from '../../components/alert';
import { ErrorText } from '../../components/error-text';
import { SelectField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { ContactStatusBadge } from './contact-status-badge';
import { formatDay, statusLabel } from './format';
import { Pagination } from '../../components/pagination';
import { useContactRequests } from './staff-api';

const types: { type: ContactRequestType; label: string }[] = [
  { type: 'referral', label: 'Student referrals' },
  { type: 'partnership', label: 'Partnership requests' },
];

function Handled({ item }: { item: ContactRequestSummary }) {
  if (!item.handledAt) return <span className="text-muted">Not yet</span>;
  return (
    <span>
      {item.handledBy?.name ?? 'Former staff member'}, {formatDay(item.handledAt)}
    </span>
  );
}

export function ContactRequestsPage() {
  usePageTitle('Referrals and partners · Staff console');
  const [params, setParams] = useSearchParams();
  const type: ContactRequestType =
    params.get('type') === 'partnership' ? 'partnership' : 'referral';
  const status = params.get('status') ?? undefined;
  const page = params.get('page') ?? undefined;
  const list = useContactRequests(type, { status, page });

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const detailPath = (id: string) => `/staff/requests/${type}/${id}`;

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Referrals and partnership requests</h1>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div
          role="group"
          aria-label="Kind of request"
          className="flex gap-1 rounded-lg bg-slate-200 p-1"
        >
          {types.map((t) => (
            <button
              key={t.type}
              type="button"
              aria-pressed={type === t.type}
              onClick={() => set({ type: t.type === 'referral' ? undefined : t.type })}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${type === t.type ? 'bg-white text-ink shadow-sm' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="w-48">
          <SelectField
            label="Status"
            value={status ?? ''}
            onChange={(e) => set({ status: e.target.value || undefined })}
          >
            <option value="">All</option>
            {contactRequestStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {list.isPending && <Spinner label="Loading requests…" />}
      {list.isError && (
        <Alert tone="error">
          <ErrorText error={list.error} />
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-muted">
          No requests here.
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{types.find((t) => t.type === type)!.label}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {type === 'partnership' ? 'Contact' : 'Name'}
                  </th>
                  {type === 'partnership' && (
                    <th scope="col" className="px-3 py-2">
                      Business
                    </th>
                  )}
                  <th scope="col" className="px-3 py-2">
                    Country
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Received
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Handled by
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.items.map((item) => (
                  <tr key={item.id}>
                    <td className="px-3 py-2">
                      <Link
                        to={detailPath(item.id)}
                        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                      >
                        {item.name}
                      </Link>
                      <div className="text-xs text-muted">{item.email}</div>
                    </td>
                    {type === 'partnership' && <td className="px-3 py-2">{item.businessName}</td>}
                    <td className="px-3 py-2">{item.countryName}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatDay(item.createdAt)}</td>
                    <td className="px-3 py-2">
                      <ContactStatusBadge status={item.status} />
                    </td>
                    <td className="px-3 py-2">
                      <Handled item={item} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-2 md:hidden" aria-label="Requests">
            {list.data.items.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={detailPath(item.id)}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <ContactStatusBadge status={item.status} />
                </div>
                {item.businessName && <p>{item.businessName}</p>}
                <p className="text-muted">
                  {item.countryName} · received {formatDay(item.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          <Pagination
            label="Request pages"
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(p) => set({ page: String(p) })}
          />
        </>
      )}
    </div>
  );
}
