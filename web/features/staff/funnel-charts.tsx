import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { FunnelBreakdownRow, FunnelReport } from '../../../shared/schemas/leads';

/**
 * The funnel's charts (issue 28 §4), drawn by recharts. This module is loaded only by the funnel
 * page (React.lazy): no other page carries the library. The tables beside them say the same figures
 * for screen readers and for copying.
 */
export default function FunnelCharts({
  report,
  stepLabels,
}: {
  report: FunnelReport;
  stepLabels: Record<string, string>;
}) {
  const steps = report.steps.map((s) => ({ name: stepLabels[s.step] ?? s.step, count: s.count }));
  return (
    // the tables say the same: the charts are out of reach of screen readers and of the keyboard
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true" inert>
      <figure className="rounded-xl border border-slate-200 bg-white p-4">
        <figcaption className="mb-2 text-sm font-semibold text-ink">Each step</figcaption>
        {/* recharts lays its axes out left to right: in Arabic too, or the labels run over the bars */}
        <div className="h-72" dir="ltr">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={steps} layout="vertical" margin={{ left: 24, right: 16 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="count" name="Count" fill="#1e40af" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <Breakdown title="By source" rows={report.bySource} />
    </div>
  );
}

function Breakdown({ title, rows }: { title: string; rows: FunnelBreakdownRow[] }) {
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 text-sm font-semibold text-ink">{title}</figcaption>
      <div className="h-72" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="applications"
              name="Applications"
              fill="#93c5fd"
              isAnimationActive={false}
            />
            <Bar dataKey="offers" name="Offers" fill="#7c3aed" isAnimationActive={false} />
            <Bar dataKey="accepted" name="Accepted" fill="#15803d" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
