import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../../lib/router';
import { CompareBar } from '../../components/compare-bar';
import { useCompareList } from '../../lib/compare-list';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import {
  programSearchKeys,
  useCatalogueChanges,
  useProgramSearch,
  useUniversities,
} from '../../lib/catalogue';
import { usePicks, withPicks } from '../../lib/selection';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { FilterBar } from './filter-bar';
import { PickedUniversities } from './picked-universities';
import { ProgramRow } from './program-row';

export function ProgramsPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'programs.title', defaultMessage: 'Programs' });
  usePageTitle(title);
  const [searchParams, setSearchParams] = useSearchParams();
  const { universityIds, program: chosen, chooseProgram } = usePicks();
  const search = useProgramSearch(searchParams, universityIds);
  useCatalogueChanges();
  const universities = useUniversities();
  const navigate = useNavigate();
  const compare = useCompareList();
  const [compareFull, setCompareFull] = useState(false);
  const hasFilters = programSearchKeys.some(
    (key) => key !== 'sort' && key !== 'page' && searchParams.get(key),
  );

  function update(key: string, value: string | undefined) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set(key, value);
        else next.delete(key);
        // a new question starts at its first page
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key === 'q' },
    );
  }

  const allUniversities = universities.data ?? [];
  const picked = universityIds
    .map((id) => allUniversities.find((u) => u.id === id))
    .filter((u): u is University => Boolean(u));

  function apply(program: Program) {
    const university = allUniversities.find((u) => u.id === program.universityId);
    chooseProgram(program.id, program.universityId);
    navigate('/application', { state: { program, university } });
  }

  const result = search.data;
  const isError = search.isError || universities.isError;
  const total = result?.total ?? 0;
  const pickedNames = picked.map((u) => u.name);

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'programs.eyebrow', defaultMessage: 'Step 2 of 3' })}
        title={title}
      >
        <FormattedMessage
          id="programs.intro"
          defaultMessage="Search and filter programs, open one to see its details and costs, then choose Apply Now."
        />
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {universities.data && <PickedUniversities picked={picked} />}
        <FilterBar
          params={searchParams}
          onChange={update}
          onShow={() => document.getElementById('results-heading')?.scrollIntoView()}
        />
        <CompareBar />
        {compareFull && (
          <p role="alert" className="text-sm font-medium text-red-700">
            <FormattedMessage
              id="programs.compareFull"
              defaultMessage="You can compare four programs at most: remove one from the comparison first."
            />
          </p>
        )}
        {!result && !isError && (
          <Spinner
            label={intl.formatMessage({
              id: 'programs.loading',
              defaultMessage: 'Loading programs…',
            })}
          />
        )}
        {isError && (
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'programs.failed',
              defaultMessage: 'Failed to load programs.',
            })}
          >
            <FormattedMessage
              id="programs.failed.body"
              defaultMessage="Please check your connection and reload the page."
            />
          </Alert>
        )}
        {result && !isError && (
          <section aria-labelledby="results-heading" aria-busy={search.isFetching}>
            <h2 id="results-heading" className="text-sm font-medium text-muted" aria-live="polite">
              {hasFilters ? (
                <FormattedMessage
                  id="programs.count.filtered"
                  defaultMessage="{total, plural, one {# program matches} other {# programs match}} your search and filters"
                  values={{ total }}
                />
              ) : (
                <FormattedMessage
                  id="programs.count"
                  defaultMessage="{total, plural, one {# program} other {# programs}}"
                  values={{ total }}
                />
              )}
            </h2>
            {picked.length > 0 && total > 0 && (
              <p className="mt-1 text-sm text-muted">
                {result.pickedTotal === 0 ? (
                  <FormattedMessage
                    id="programs.picked.none"
                    defaultMessage="None of them is at {count, plural, one {your university} other {your universities}}."
                    values={{ count: pickedNames.length }}
                  />
                ) : (
                  <FormattedMessage
                    id="programs.picked.some"
                    defaultMessage="{count, plural, one {# is} other {# are}} at your universities, listed first."
                    values={{ count: result.pickedTotal }}
                  />
                )}
              </p>
            )}
            {total === 0 ? (
              <div className="mt-4 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
                <p className="font-semibold">
                  <FormattedMessage
                    id="programs.none"
                    defaultMessage="No programs match your search and filters."
                  />
                </p>
                <p className="mt-1 text-sm text-muted">
                  <FormattedMessage
                    id="programs.none.hint"
                    defaultMessage="Try fewer filters or other words."
                  />
                </p>
                <ButtonLink
                  to={withPicks('/programs', new URLSearchParams(), universityIds)}
                  variant="secondary"
                  className="mt-4"
                  preventScrollReset
                >
                  <FormattedMessage id="programs.clear" defaultMessage="Clear filters" />
                </ButtonLink>
              </div>
            ) : (
              <>
                <ul className="mt-4 space-y-3">
                  {result.programs.map((p) => (
                    <ProgramRow
                      key={p.id}
                      program={p}
                      isAtPickedUniversity={universityIds.includes(p.universityId)}
                      isChosen={chosen?.programId === p.id}
                      onApply={() => apply(p)}
                      isCompared={compare.ids.includes(p.id)}
                      onCompare={() => {
                        if (compare.toggle(p.id) === 'full') setCompareFull(true);
                        else setCompareFull(false);
                      }}
                    />
                  ))}
                </ul>
                {total > result.pageSize && (
                  <Pagination
                    label={intl.formatMessage({
                      id: 'programs.pages',
                      defaultMessage: 'Program pages',
                    })}
                    page={result.page}
                    pageSize={result.pageSize}
                    total={total}
                    hrefOf={(page) => {
                      const next = new URLSearchParams(searchParams);
                      if (page === 1) next.delete('page');
                      else next.set('page', String(page));
                      return `/programs?${next.toString().replace(/%2C/gi, ',')}`;
                    }}
                    onPage={(page) => {
                      update('page', page === 1 ? undefined : String(page));
                      document.getElementById('results-heading')?.scrollIntoView();
                    }}
                  />
                )}
              </>
            )}
          </section>
        )}
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-brand-900">
            {chosen ? (
              <FormattedMessage
                id="programs.chosen"
                defaultMessage="Your program is chosen. Continue to fill in your application."
              />
            ) : (
              <FormattedMessage
                id="programs.notChosen"
                defaultMessage="Open a program and choose Apply Now, or continue and choose one on the application page."
              />
            )}
          </p>
          <ButtonLink to="/application" size="lg" className="shrink-0">
            <FormattedMessage id="programs.continue" defaultMessage="Continue to Application" />
            <Icon name="arrowRight" />
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
