import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '../../lib/router';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useUniversities } from '../../lib/catalogue';
import { usePicks, withPicks } from '../../lib/selection';
import {
  formatPicks,
  picksParam,
  requiredUniversityPicks,
  togglePick,
} from '../../../shared/university-picks';
import { RegisteredNotice } from '../../components/registered-notice';
import { filterUniversities } from './filter-universities';
import { PicksPanel } from './picks-panel';
import { UniversityCard } from './university-card';

const m = defineMessages({
  title: { id: 'universities.title', defaultMessage: 'Choose 3 universities' },
  full: {
    id: 'universities.full',
    defaultMessage: 'You can pick only 3 universities. Remove one to choose another.',
  },
  fallbackName: { id: 'universities.fallbackName', defaultMessage: 'University' },
  eyebrow: { id: 'universities.eyebrow', defaultMessage: 'Step 1 of 3' },
  region: { id: 'universities.region', defaultMessage: 'Universities' },
  placeholder: {
    id: 'universities.search.placeholder',
    defaultMessage: 'Name or city, e.g. London',
  },
  loading: { id: 'universities.loading', defaultMessage: 'Loading universities…' },
  failed: { id: 'universities.failed', defaultMessage: 'Failed to load universities.' },
});

export function UniversitiesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { data, isPending, isError, refetch } = useUniversities();
  const { universityIds, toggle: togglePicked } = usePicks();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [notice, setNotice] = useState<{ text: string; isWarning: boolean } | null>(null);

  const all = data ?? [];
  const shown = filterUniversities(all, query);
  const picks = universityIds.map((id) => ({ id, university: all.find((u) => u.id === id) }));
  const isFull = picks.length >= requiredUniversityPicks;

  function toggle(id: string) {
    const name = all.find((u) => u.id === id)?.name ?? intl.formatMessage(m.fallbackName);
    const { outcome } = togglePicked(id);
    const count = outcome === 'added' ? picks.length + 1 : picks.length - 1;
    setNotice(
      outcome === 'full'
        ? { text: intl.formatMessage(m.full), isWarning: true }
        : {
            text:
              outcome === 'added'
                ? intl.formatMessage(
                    {
                      id: 'universities.added',
                      defaultMessage: '{name} added ({count} of {total}).',
                    },
                    { name, count, total: requiredUniversityPicks },
                  )
                : intl.formatMessage(
                    {
                      id: 'universities.removed',
                      defaultMessage: '{name} removed ({count} of {total}).',
                    },
                    { name, count, total: requiredUniversityPicks },
                  ),
            isWarning: false,
          },
    );
  }

  function setQuery(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }
  // before the scripts run, the search and the cards are a plain form of this page: the server
  // answers with the list searched and the picks made (issue 26)
  const picked = formatPicks(universityIds);
  const keepPicks = picked ? <input type="hidden" name={picksParam} value={picked} /> : null;

  return (
    <div>
      <PageHeader eyebrow={intl.formatMessage(m.eyebrow)} title={intl.formatMessage(m.title)}>
        <FormattedMessage
          id="universities.intro"
          defaultMessage="Search by name or city and pick exactly three universities. You will see their programs next."
        />
      </PageHeader>
      <RegisteredNotice className="mx-auto max-w-6xl px-4 pt-6" />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_20rem] lg:items-start">
        <section
          aria-label={intl.formatMessage(m.region)}
          className="lg:col-start-1 lg:row-start-1"
        >
          <form
            role="search"
            method="get"
            action="/universities"
            onSubmit={(event) => event.preventDefault()}
          >
            <label htmlFor="university-search" className="block text-sm font-medium text-ink">
              <FormattedMessage
                id="universities.search.label"
                defaultMessage="Search universities"
              />
            </label>
            {keepPicks}
            <div className="relative mt-1">
              <Icon
                name="search"
                className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
              />
              <input
                id="university-search"
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={intl.formatMessage(m.placeholder)}
                autoComplete="off"
                aria-describedby="university-count"
                className="block w-full rounded-lg border border-slate-400 bg-white py-3 ps-10 pe-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-700"
              />
            </div>
          </form>
          {isPending && <Spinner label={intl.formatMessage(m.loading)} />}
          {isError && (
            <div className="mt-6">
              <Alert tone="error" title={intl.formatMessage(m.failed)}>
                <p>
                  <FormattedMessage
                    id="common.checkConnection"
                    defaultMessage="Please check your connection and try again."
                  />
                </p>
                <Button variant="secondary" className="mt-3" onClick={() => void refetch()}>
                  <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
                </Button>
              </Alert>
            </div>
          )}
          {data && (
            <>
              <p id="university-count" className="mt-3 text-sm text-muted">
                {query ? (
                  <FormattedMessage
                    id="universities.matches"
                    defaultMessage="{shown} of {total, plural, one {# university} other {# universities}} match “{query}”"
                    values={{ shown: shown.length, total: all.length, query: query.trim() }}
                  />
                ) : (
                  <FormattedMessage
                    id="universities.count"
                    defaultMessage="{total, plural, one {# university} other {# universities}}, by UK ranking"
                    values={{ total: all.length }}
                  />
                )}
              </p>
              {shown.length === 0 ? (
                <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
                  <p className="font-semibold">
                    <FormattedMessage
                      id="universities.none"
                      defaultMessage="No universities match “{query}”."
                      values={{ query: query.trim() }}
                    />
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    <FormattedMessage
                      id="universities.none.hint"
                      defaultMessage="Try another name or city."
                    />
                  </p>
                  <ButtonLink
                    to={withPicks('/universities', new URLSearchParams(), universityIds)}
                    variant="secondary"
                    className="mt-4"
                    replace
                    preventScrollReset
                  >
                    <FormattedMessage id="universities.clear" defaultMessage="Clear search" />
                  </ButtonLink>
                </div>
              ) : (
                <form
                  method="get"
                  action="/universities"
                  onSubmit={(event) => event.preventDefault()}
                >
                  {query && <input type="hidden" name="q" value={query} />}
                  <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                    {shown.map((university) => {
                      const isPicked = universityIds.includes(university.id);
                      const after = togglePick(universityIds, university.id).picks;
                      return (
                        <li
                          key={university.id}
                          className="[content-visibility:auto] [contain-intrinsic-size:auto_5.5rem]"
                        >
                          <UniversityCard
                            university={university}
                            isPicked={isPicked}
                            isDimmed={isFull && !isPicked}
                            picksAfter={formatPicks(after)}
                            onToggle={() => toggle(university.id)}
                          />
                        </li>
                      );
                    })}
                  </ul>
                </form>
              )}
            </>
          )}
        </section>
        {/* After the search and the list, so a phone shows them first (item 7 of issue 15). */}
        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <PicksPanel picks={picks} query={query} notice={notice} onRemove={toggle} />
        </aside>
      </div>
    </div>
  );
}
