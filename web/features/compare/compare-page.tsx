import { useQueries } from '@tanstack/react-query';
import {
  defineMessages,
  FormattedMessage,
  FormattedNumber,
  useIntl,
  type IntlShape,
} from 'react-intl';
import { Link, useSearchParams } from '../../lib/router';
import { ButtonLink } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { apiGet } from '../../lib/api-client';
import { programQuery } from '../../lib/catalogue';
import { useCatalogueText, type CatalogueText } from '../../lib/catalogue-text';
import { compareHref, parseCompareIds, useCompareList } from '../../lib/compare-list';
import type { Program } from '../../../shared/schemas/catalogue';
import { useCostLineText } from '../../lib/cost-line-text';

type CostLineText = ReturnType<typeof useCostLineText>;

const m = defineMessages({
  title: { id: 'compare.title', defaultMessage: 'Compare programs' },
  eyebrow: { id: 'compare.eyebrow', defaultMessage: 'Compare' },
  loading: { id: 'compare.loading', defaultMessage: 'Loading the programs…' },
  university: { id: 'compare.row.university', defaultMessage: 'University' },
  ranking: { id: 'compare.row.ranking', defaultMessage: 'UK ranking' },
  level: { id: 'compare.row.level', defaultMessage: 'Level' },
  duration: { id: 'compare.row.duration', defaultMessage: 'Duration' },
  intakes: { id: 'compare.row.intakes', defaultMessage: 'Intakes and deadlines' },
  tuition: { id: 'compare.row.tuition', defaultMessage: 'Tuition' },
  ielts: { id: 'compare.row.ielts', defaultMessage: 'IELTS' },
  academic: { id: 'compare.row.academic', defaultMessage: 'Academic requirement' },
  cost: { id: 'compare.row.cost', defaultMessage: 'Cost of the first year' },
  link: { id: 'compare.row.link', defaultMessage: 'Link' },
  remove: { id: 'compare.remove', defaultMessage: 'Remove' },
});

/** A catalogue date (YYYY-MM-DD) in the reader's locale. */
const dateOf = (intl: IntlShape, iso: string) =>
  intl.formatDate(new Date(`${iso}T00:00:00Z`), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const gbp = (amount: number) => <FormattedNumber value={amount} format="gbp" />;

/** Rows of the table: labels and the catalogue's vocabulary in the reader's language; names as published. */
const rows: {
  key: string;
  label: keyof typeof m;
  value: (p: Program, intl: IntlShape, says: CatalogueText, cost: CostLineText) => React.ReactNode;
}[] = [
  {
    key: 'university',
    label: 'university',
    value: (p, _intl, says) => (
      <FormattedMessage
        id="compare.value.university"
        defaultMessage="{university}, {city}"
        values={{ university: <bdi>{p.universityName}</bdi>, city: <bdi>{says.city(p.city)}</bdi> }}
      />
    ),
  },
  {
    key: 'ranking',
    label: 'ranking',
    value: (p) => (
      <FormattedMessage
        id="compare.value.rank"
        defaultMessage="#{rank}"
        values={{ rank: p.universityRanking }}
      />
    ),
  },
  { key: 'level', label: 'level', value: (p, _intl, says) => <bdi>{says.level(p.level)}</bdi> },
  {
    key: 'duration',
    label: 'duration',
    value: (p, _intl, says) => <bdi>{says.duration(p.durationMonths, p.studyMode)}</bdi>,
  },
  {
    key: 'intakes',
    label: 'intakes',
    value: (p, intl, says) =>
      p.intakes.map((i) => (
        <span key={i.month} className="block">
          {i.deadline ? (
            <FormattedMessage
              id="compare.value.deadline"
              defaultMessage="{month}: apply by {date}"
              values={{ month: <bdi>{says.month(i.month)}</bdi>, date: dateOf(intl, i.deadline) }}
            />
          ) : (
            <FormattedMessage
              id="compare.value.noDeadline"
              defaultMessage="{month}: no deadline published"
              values={{ month: <bdi>{says.month(i.month)}</bdi> }}
            />
          )}
        </span>
      )),
  },
  {
    key: 'tuition',
    label: 'tuition',
    value: (p) => (
      <FormattedMessage
        id="compare.value.tuition"
        defaultMessage="{amount, number, gbp} per year ({feeYear})"
        values={{ amount: p.tuitionGbp, feeYear: <bdi>{p.feeYear}</bdi> }}
      />
    ),
  },
  {
    key: 'ielts',
    label: 'ielts',
    value: (p) => (
      <FormattedMessage
        id="compare.value.ielts"
        defaultMessage="{overall, number, ::.0} overall, {part, number, ::.0} in each part"
        values={{ overall: p.ieltsOverall, part: p.ieltsMinComponent }}
      />
    ),
  },
  {
    key: 'academic',
    label: 'academic',
    value: (p) => (
      <FormattedMessage
        id="compare.value.academic"
        defaultMessage="{level}: {requirement}"
        values={{
          level: <bdi>{p.academicLevel}</bdi>,
          requirement: <bdi lang="en">{p.academicRequirement || p.requirements}</bdi>,
        }}
      />
    ),
  },
  {
    key: 'cost',
    label: 'cost',
    value: (p, _intl, _says, cost) => (
      <>
        <span className="block font-semibold">{gbp(p.costOfStudy.totalGbp)}</span>
        {p.costOfStudy.lines.map((l) => (
          <span key={l.fact.kind} className="block text-xs text-muted">
            <FormattedMessage
              id="compare.value.costLine"
              defaultMessage="{label}: {amount}"
              values={{ label: cost(l.fact).label, amount: gbp(l.amountGbp) }}
            />
          </span>
        ))}
      </>
    ),
  },
  {
    key: 'link',
    label: 'link',
    value: (p) => (
      <ExternalLink
        href={p.url}
        newTabHint={
          <FormattedMessage
            id="compare.link.hint"
            defaultMessage="for {name} (opens in a new tab)"
            values={{ name: <bdi>{p.name}</bdi> }}
          />
        }
        className="font-semibold text-brand-700 underline"
      >
        {p.urlIsCoursePage ? (
          <FormattedMessage id="compare.link.course" defaultMessage="Official program page" />
        ) : (
          <FormattedMessage
            id="compare.link.university"
            defaultMessage="{university} website"
            values={{ university: <bdi>{p.universityName}</bdi> }}
          />
        )}
      </ExternalLink>
    ),
  },
];

/** /compare?programs=a,b: two to four programs side by side; the address can be shared. */
export function ComparePage() {
  const intl = useIntl();
  const says = useCatalogueText();
  usePageTitle(intl.formatMessage(m.title));
  const [params] = useSearchParams();
  const costText = useCostLineText();
  const ids = parseCompareIds(params.get('programs'));
  const list = useCompareList();
  const results = useQueries({
    queries: ids.map((id) => {
      const { queryKey, path } = programQuery(id);
      return {
        queryKey,
        queryFn: () => apiGet<Program>(path),
        staleTime: 5 * 60_000,
        retry: false,
      };
    }),
  });
  const programs = results.map((r) => r.data).filter((p): p is Program => Boolean(p));
  const missing = ids.filter((_, i) => results[i]?.isError);
  const isPending = results.some((r) => r.isPending);

  // a link to the comparison without it: works before the scripts run, and shares as it is
  const removeLink = (p: Program) => {
    const rest = ids.filter((x) => x !== p.id);
    return (
      <Link
        to={rest.length ? compareHref(rest) : '/compare'}
        replace
        preventScrollReset
        onClick={() => list.replace(list.ids.filter((x) => x !== p.id))}
        className="mt-1 inline-flex min-h-6 items-center text-xs font-medium text-brand-700 underline"
        aria-label={intl.formatMessage(
          { id: 'compare.remove.label', defaultMessage: 'Remove {name} from the comparison' },
          { name: p.name },
        )}
      >
        {intl.formatMessage(m.remove)}
      </Link>
    );
  };

  return (
    <>
      <PageHeader eyebrow={intl.formatMessage(m.eyebrow)} title={intl.formatMessage(m.title)}>
        <FormattedMessage
          id="compare.intro"
          defaultMessage="Two to four programs side by side. Share this page’s address to show someone the same comparison."
        />
      </PageHeader>
      <div className="mx-auto w-full min-w-0 max-w-6xl space-y-6 px-4 py-8">
        {missing.length > 0 && (
          <p
            role="status"
            className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <FormattedMessage
              id="compare.missing"
              defaultMessage="{count, plural, one {One program in this link is not in the catalogue any more.} other {# programs in this link are not in the catalogue any more.}}"
              values={{ count: missing.length }}
            />
          </p>
        )}
        {isPending ? (
          <Spinner label={intl.formatMessage(m.loading)} />
        ) : programs.length < 2 ? (
          <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold">
              <FormattedMessage
                id="compare.empty.heading"
                defaultMessage="Choose at least two programs to compare."
              />
            </p>
            <p className="mt-1 text-sm text-muted">
              <FormattedMessage
                id="compare.empty.body"
                defaultMessage="Open a program on the programs page and choose “Add to compare”."
              />
            </p>
            <ButtonLink to="/programs" variant="secondary" className="mt-4">
              <FormattedMessage id="compare.empty.browse" defaultMessage="Browse programs" />
            </ButtonLink>
          </div>
        ) : (
          <>
            {/* a phone: one card per program, every row's label beside its value (issue 26) */}
            <ul className="space-y-4 md:hidden">
              {programs.map((p) => (
                <li
                  key={p.id}
                  className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <h2 className="text-base font-semibold text-ink">
                    <bdi>{p.name}</bdi>
                  </h2>
                  {removeLink(p)}
                  <dl className="mt-3 divide-y divide-slate-100">
                    {rows.map((row) => (
                      <div key={row.key} className="grid gap-1 py-2">
                        <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
                          {intl.formatMessage(m[row.label])}
                        </dt>
                        <dd className="text-sm text-ink">{row.value(p, intl, says, costText)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <div className="relative hidden overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-sm md:block">
              <table className="w-full border-collapse text-start text-sm">
                <caption className="sr-only">
                  <FormattedMessage
                    id="compare.caption"
                    defaultMessage="Programs compared side by side"
                  />
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 align-top">
                    <td className="w-40 p-3" />
                    {programs.map((p) => (
                      <th key={p.id} scope="col" className="p-3 text-start">
                        <bdi className="block text-base font-semibold text-ink">{p.name}</bdi>
                        {removeLink(p)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key} className="border-b border-slate-100 align-top last:border-0">
                      <th scope="row" className="p-3 text-start font-medium text-muted">
                        {intl.formatMessage(m[row.label])}
                      </th>
                      {programs.map((p) => (
                        <td key={p.id} className="p-3 text-ink">
                          {row.value(p, intl, says, costText)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <p className="text-sm">
          <Link to="/programs" className="font-semibold text-brand-700 underline">
            <FormattedMessage id="compare.back" defaultMessage="Back to programs" />
          </Link>
          {programs.length >= 2 && (
            <span className="mt-2 block">
              <FormattedMessage
                id="compare.share"
                defaultMessage="Link to share: {link}"
                values={{
                  link: (
                    <Link
                      to={compareHref(programs.map((p) => p.id))}
                      dir="ltr"
                      className="break-all font-medium text-brand-700 underline"
                    >
                      {compareHref(programs.map((p) => p.id))}
                    </Link>
                  ),
                }}
              />
            </span>
          )}
        </p>
      </div>
    </>
  );
}
