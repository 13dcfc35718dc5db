import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { apiGet } from '../../lib/api-client';
import { programQuery } from '../../lib/catalogue';
import { compareHref, parseCompareIds, useCompareList } from '../../lib/compare-list';
import type { Program } from '../../../shared/schemas/catalogue';
import { formatDate, formatGbp } from '../../../shared/program-display';

const rows: { label: string; value: (p: Program) => React.ReactNode }[] = [
  { label: 'University', value: (p) => `${p.universityName}, ${p.city}` },
  { label: 'UK ranking', value: (p) => `#${p.universityRanking}` },
  { label: 'Level', value: (p) => p.level },
  { label: 'Duration', value: (p) => p.duration },
  {
    label: 'Intakes and deadlines',
    value: (p) =>
      p.intakes.map((i) => (
        <span key={i.month} className="block">
          {i.month}: {i.deadline ? `apply by ${formatDate(i.deadline)}` : 'no deadline published'}
        </span>
      )),
  },
  { label: 'Tuition', value: (p) => `${p.tuition} (${p.feeYear})` },
  { label: 'IELTS', value: (p) => `${p.ieltsOverall.toFixed(1)} overall, ${p.ieltsMinComponent.toFixed(1)} in each part` },
  { label: 'Academic requirement', value: (p) => `${p.academicLevel}: ${p.academicRequirement || p.requirements}` },
  {
    label: 'Cost of the first year',
    value: (p) => (
      <>
        <span className="block font-semibold">{formatGbp(p.costOfStudy.totalGbp)}</span>
        {p.costOfStudy.lines.map((l) => (
          <span key={l.label} className="block text-xs text-muted">
            {l.label}: {formatGbp(l.amountGbp)}
          </span>
        ))}
      </>
    ),
  },
  {
    label: 'Link',
    value: (p) => (
      <ExternalLink href={p.url} newTabHint={`for ${p.name} (opens in a new tab)`} className="font-semibold text-brand-700 underline">
        {p.urlIsCoursePage ? 'Official program page' : `${p.universityName} website`}
      </ExternalLink>
    ),
  },
];

/** /compare?programs=a,b: two to four programs side by side; the address can be shared. */
export function ComparePage() {
  usePageTitle('Compare programs');
  const [params, setParams] = useSearchParams();
  const ids = parseCompareIds(params.get('programs'));
  const list = useCompareList();
  const results = useQueries({
    queries: ids.map((id) => {
      const { queryKey, path } = programQuery(id);
      return { queryKey, queryFn: () => apiGet<Program>(path), staleTime: 5 * 60_000, retry: false };
    }),
  });
  const programs = results.map((r) => r.data).filter((p): p is Program => Boolean(p));
  const missing = ids.filter((_, i) => results[i]?.isError);
  const isPending = results.some((r) => r.isPending);

  function remove(id: string) {
    const next = ids.filter((x) => x !== id);
    list.replace(list.ids.filter((x) => x !== id));
    setParams(next.length ? { programs: next.join(',') } : {}, { replace: true });
  }

  return (
    <>
      <PageHeader eyebrow="Compare" title="Compare programs">
        Two to four programs side by side. Share this page&apos;s address to show someone the same comparison.
      </PageHeader>
      <div className="mx-auto w-full min-w-0 max-w-6xl space-y-6 px-4 py-8">
        {missing.length > 0 && (
          <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {missing.length === 1 ? 'One program in this link is' : `${missing.length} programs in this link are`} not in the
            catalogue any more.
          </p>
        )}
        {isPending ? (
          <Spinner label="Loading the programs…" />
        ) : programs.length < 2 ? (
          <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold">Choose at least two programs to compare.</p>
            <p className="mt-1 text-sm text-muted">Open a program on the programs page and choose “Add to compare”.</p>
            <ButtonLink to="/programs" variant="secondary" className="mt-4">
              Browse programs
            </ButtonLink>
          </div>
        ) : (
          <div className="relative max-w-[calc(100vw-2rem)] overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-sm">
            <table className="w-full min-w-[40rem] border-collapse text-start text-sm">
              <caption className="sr-only">Programs compared side by side</caption>
              <thead>
                <tr className="border-b border-slate-200 align-top">
                  <td className="w-40 p-3" />
                  {programs.map((p) => (
                    <th key={p.id} scope="col" className="p-3">
                      <span className="block text-base font-semibold text-ink">{p.name}</span>
                      <button
                        type="button"
                        onClick={() => remove(p.id)}
                        className="mt-1 text-xs font-medium text-brand-700 underline"
                        aria-label={`Remove ${p.name} from the comparison`}
                      >
                        Remove
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="border-b border-slate-100 align-top last:border-0">
                    <th scope="row" className="p-3 font-medium text-muted">
                      {row.label}
                    </th>
                    {programs.map((p) => (
                      <td key={p.id} className="p-3 text-ink">
                        {row.value(p)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-sm">
          <Link to="/programs" className="font-semibold text-brand-700 underline">
            Back to programs
          </Link>
          {programs.length >= 2 && (
            <>
              {' · '}
              <span className="text-muted">Link to share: </span>
              <Link to={compareHref(programs.map((p) => p.id))} className="break-all font-medium text-brand-700 underline">
                {compareHref(programs.map((p) => p.id))}
              </Link>
            </>
          )}
        </p>
      </div>
    </>
  );
}
