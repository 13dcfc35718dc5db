import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useUniversities } from '../../lib/catalogue';
import { useSelection } from '../../lib/selection';
import { requiredUniversityPicks } from '../../../shared/university-picks';
import { RegisteredNotice } from '../auth/registered-notice';
import { filterUniversities } from './filter-universities';
import { PicksPanel } from './picks-panel';
import { UniversityCard } from './university-card';

export const fullMessage = 'You can pick only 3 universities. Remove one to choose another.';

export function UniversitiesPage() {
  usePageTitle('Choose 3 universities');
  const { data, isPending, isError, refetch } = useUniversities();
  const { universityIds, toggleUniversity } = useSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [notice, setNotice] = useState<{ text: string; isWarning: boolean } | null>(null);

  const all = data ?? [];
  const shown = filterUniversities(all, query);
  const picks = universityIds.map((id) => ({ id, university: all.find((u) => u.id === id) }));
  const isFull = picks.length >= requiredUniversityPicks;

  function toggle(id: string) {
    const name = all.find((u) => u.id === id)?.name ?? 'University';
    const outcome = toggleUniversity(id);
    const count = outcome === 'added' ? picks.length + 1 : picks.length - 1;
    setNotice(
      outcome === 'full'
        ? { text: fullMessage, isWarning: true }
        : outcome === 'added'
          ? { text: `${name} added (${count} of ${requiredUniversityPicks}).`, isWarning: false }
          : { text: `${name} removed (${count} of ${requiredUniversityPicks}).`, isWarning: false },
    );
  }

  function setQuery(value: string) {
    setSearchParams(value ? { q: value } : {}, { replace: true });
  }

  return (
    <div>
      <PageHeader eyebrow="Step 1 of 3" title="Choose 3 universities">
        Search by name or city and pick exactly three universities. You will see their programs next.
      </PageHeader>
      <RegisteredNotice className="mx-auto max-w-6xl px-4 pt-6" />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_20rem] lg:items-start">
        <section aria-label="Universities" className="lg:col-start-1 lg:row-start-1">
          <label htmlFor="university-search" className="block text-sm font-medium text-ink">
            Search universities
          </label>
          <div className="relative mt-1">
            <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id="university-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Name or city, e.g. London"
              autoComplete="off"
              aria-describedby="university-count"
              className="block w-full rounded-lg border border-slate-400 bg-white py-3 ps-10 pe-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-700"
            />
          </div>
          {isPending && <Spinner label="Loading universities…" />}
          {isError && (
            <div className="mt-6">
              <Alert tone="error" title="Failed to load universities.">
                <p>Please check your connection and try again.</p>
                <Button variant="secondary" className="mt-3" onClick={() => void refetch()}>
                  Try again
                </Button>
              </Alert>
            </div>
          )}
          {data && (
            <>
              <p id="university-count" className="mt-3 text-sm text-muted">
                {query ? `${shown.length} of ${all.length} universities match “${query.trim()}”` : `${all.length} universities, by UK ranking`}
              </p>
              {shown.length === 0 ? (
                <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
                  <p className="font-semibold">No universities match “{query.trim()}”.</p>
                  <p className="mt-1 text-sm text-muted">Try another name or city.</p>
                  <Button variant="secondary" className="mt-4" onClick={() => setQuery('')}>
                    Clear search
                  </Button>
                </div>
              ) : (
                <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                  {shown.map((university) => {
                    const isPicked = universityIds.includes(university.id);
                    return (
                      <li key={university.id}>
                        <UniversityCard
                          university={university}
                          isPicked={isPicked}
                          isDimmed={isFull && !isPicked}
                          onToggle={() => toggle(university.id)}
                        />
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          )}
        </section>
        {/* After the search and the list, so a phone shows them first (item 7 of issue 15). */}
        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <PicksPanel picks={picks} notice={notice} onRemove={toggle} />
        </aside>
      </div>
    </div>
  );
}
