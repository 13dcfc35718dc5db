import { lazy, Suspense, useState } from 'react';
import type { FunnelBreakdownRow, FunnelReport } from '../../../shared/schemas/leads';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useErrorText } from '../../lib/error-text';
import { useSearchParams } from '../../lib/router';
import { statusLabel } from './format';
import { useFunnel } from './leads-api';

// recharts comes only with this page (its own chunk), never with the public pages
const FunnelCharts = lazy(() => import('./funnel-charts'));

const stepLabels: Record<string, string> = {
  guidance: 'Guidance sessions',
  bookings: 'Bookings',
  referrals: 'Referrals',
  applications: 'Applications',
  reviewed: 'Reviewed',
  sent: 'Sent to universities',
  offers: 'Offers',
  accepted: 'Accepted',
};

const sourceLabels: Record<string, string> = {
  direct: 'Direct',
  referral: 'Referral',
  partner: 'Partner',
  booking: 'Booking',
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function defaultRange() {
  const to = new Date();
  const from = new Date(to);
  from.setUTCDate(from.getUTCDate() - 89);
  return { from: isoDay(from), to: isoDay(to) };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 1000) / 10}%`;

function BreakdownTable({
  caption,
  rows,
  labelOf = (r) => r.label,
}: {
  caption: string;
  rows: FunnelBreakdownRow[];
  labelOf?: (row: FunnelBreakdownRow) => string;
}) {
  return (
    // a table wider than a phone scrolls: the keyboard reaches it too
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full text-start text-sm">
        <caption className="px-4 pt-3 text-start text-base font-semibold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-muted">
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            {['Applications', 'Reviewed', 'Sent', 'Offers', 'Accepted', 'Offer rate'].map((h) => (
              <th key={h} scope="col" className="px-4 py-2 text-end font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={7} className="px-4 py-3 text-muted">
                No application in this range.
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-2 font-medium text-ink">
                {labelOf(r)}
              </th>
              {[r.applications, r.reviewed, r.sent, r.offers, r.accepted].map((n, i) => (
                <td key={i} className="px-4 py-2 text-end tabular-nums">
                  {n}
                </td>
              ))}
              <td className="px-4 py-2 text-end tabular-nums">
                {percent(r.offers, r.applications)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report }: { report: FunnelReport }) {
  return (
    <>
      <div
        role="region"
        aria-label="Steps"
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="w-full text-start text-sm">
          <caption className="px-4 pt-3 text-start text-base font-semibold text-ink">Steps</caption>
          <thead>
            <tr className="border-b border-slate-200 text-muted">
              <th scope="col" className="px-4 py-2 font-medium">
                Step
              </th>
              <th scope="col" className="px-4 py-2 text-end font-medium">
                Count
              </th>
              <th scope="col" className="px-4 py-2 text-end font-medium">
                From the step before
              </th>
            </tr>
          </thead>
          <tbody>
            {report.steps.map((s) => (
              <tr key={s.step} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-medium text-ink">
                  {stepLabels[s.step]}
                </th>
                <td className="px-4 py-2 text-end tabular-nums">{s.count}</td>
                <td className="px-4 py-2 text-end tabular-nums">
                  {s.conversion === null ? '–' : `${s.conversion}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Suspense fallback={<Spinner label="Loading the charts…" />}>
        <FunnelCharts report={report} stepLabels={stepLabels} />
      </Suspense>
      <BreakdownTable
        caption="By source"
        rows={report.bySource}
        labelOf={(r) => sourceLabels[r.key] ?? r.label}
      />
      <BreakdownTable caption="By consultant" rows={report.byConsultant} />
      <BreakdownTable caption="By university" rows={report.byUniversity} />
      <div
        role="region"
        aria-label="Time in each status"
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="w-full text-start text-sm">
          <caption className="px-4 pt-3 text-start text-base font-semibold text-ink">
            Time in each status
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-muted">
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 text-end font-medium">
                Median
              </th>
              <th scope="col" className="px-4 py-2 text-end font-medium">
                Cases measured
              </th>
              <th scope="col" className="px-4 py-2 text-end font-medium">
                Over the time limit now
              </th>
            </tr>
          </thead>
          <tbody>
            {report.timeInStatus.map((t) => (
              <tr key={t.status} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-medium text-ink">
                  {statusLabel(t.status)}
                </th>
                <td className="px-4 py-2 text-end tabular-nums">
                  {t.medianHours === null
                    ? '–'
                    : t.medianHours >= 48
                      ? `${Math.round((t.medianHours / 24) * 10) / 10} days`
                      : `${t.medianHours} hours`}
                </td>
                <td className="px-4 py-2 text-end tabular-nums">{t.count}</td>
                <td className="px-4 py-2 text-end tabular-nums">
                  {report.overdue.find((o) => o.status === t.status)?.count ?? 0}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Issue 28 §4: the team's funnel for a date range (admins). */
export function FunnelPage() {
  usePageTitle('Funnel · Staff console');
  const [params, setParams] = useSearchParams();
  const [fallback] = useState(defaultRange);
  const range = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const funnel = useFunnel(range);
  const errorText = useErrorText();
  const set = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    next.set('from', range.from);
    next.set('to', range.to);
    if (value) next.set(key, value);
    setParams(next);
  };
  const csv = `/api/staff/funnel?${new URLSearchParams({ ...range, format: 'csv' }).toString()}`;

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Funnel</h1>
      <p className="text-sm text-muted">
        What came in during the range, and how far those applications have got now.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={range.from}
          onChange={(e) => set('from', e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          onChange={(e) => set('to', e.target.value)}
        />
        <a href={csv} download className={buttonClasses('secondary', 'md', 'mb-1')}>
          Download CSV
        </a>
      </div>
      {funnel.isPending && <Spinner label="Counting…" />}
      {funnel.isError && <Alert tone="error">{errorText(funnel.error)}</Alert>}
      {funnel.data && <Report report={funnel.data} />}
    </div>
  );
}
