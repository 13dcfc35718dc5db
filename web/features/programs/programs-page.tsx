import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { usePrograms, useUniversities } from '../../lib/catalogue';
import { useSelection } from '../../lib/selection';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { FilterBar } from './filter-bar';
import { PickedUniversities } from './picked-universities';
import { filterGroups, filterPrograms, type FilterKey, type ProgramFilters } from './program-filters';
import { ProgramRow } from './program-row';

export function ProgramsPage() {
  usePageTitle('Programs');
  const programs = usePrograms();
  const universities = useUniversities();
  const { universityIds, program: chosen, chooseProgram } = useSelection();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  const filters: ProgramFilters = { q: searchParams.get('q') ?? '' };
  for (const group of filterGroups) filters[group.key] = searchParams.get(group.key) ?? undefined;
  const hasFilters = [...searchParams.keys()].length > 0;

  function update(key: 'q' | FilterKey, value: string | undefined) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'q' },
    );
  }

  const allUniversities = universities.data ?? [];
  const picked = universityIds
    .map((id) => allUniversities.find((u) => u.id === id))
    .filter((u): u is University => Boolean(u));
  const shown = filterPrograms(programs.data ?? [], filters, universityIds);

  function apply(program: Program) {
    const university = allUniversities.find((u) => u.id === program.universityId);
    chooseProgram(program.id, program.universityId);
    navigate('/application', { state: { program, university } });
  }

  const isPending = programs.isPending || universities.isPending;
  const isError = programs.isError || universities.isError;

  return (
    <>
      <PageHeader eyebrow="Step 2 of 3" title="Programs">
        Search and filter programs, open one to see its details, then choose Apply Now.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        {universities.data && <PickedUniversities picked={picked} />}
        <FilterBar
          filters={filters}
          onSearch={(text) => update('q', text)}
          onToggle={(key, value) => update(key, filters[key] === value ? undefined : value)}
        />
        {isPending && <Spinner label="Loading programs…" />}
        {isError && (
          <Alert tone="error" title="Failed to load programs.">
            Please check your connection and reload the page.
          </Alert>
        )}
        {!isPending && !isError && (
          <section aria-labelledby="results-heading">
            <h2 id="results-heading" className="text-sm font-medium text-muted" aria-live="polite">
              {shown.length === 1 ? '1 program' : `${shown.length} programs`}
              {hasFilters ? (shown.length === 1 ? ' matches your search and filters' : ' match your search and filters') : ''}
            </h2>
            {shown.length === 0 ? (
              <div className="mt-4 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-8 text-center">
                <p className="font-semibold">No programs match your search and filters.</p>
                <p className="mt-1 text-sm text-muted">Try fewer filters or another name.</p>
                <Button variant="secondary" className="mt-4" onClick={() => setSearchParams({})}>
                  Clear filters
                </Button>
              </div>
            ) : (
              <ul className="mt-4 space-y-3">
                {shown.map((p) => (
                  <ProgramRow
                    key={p.id}
                    program={p}
                    isAtPickedUniversity={universityIds.includes(p.universityId)}
                    isChosen={chosen?.programId === p.id}
                    onApply={() => apply(p)}
                  />
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-brand-900">
            {chosen
              ? 'Your program is chosen. Continue to fill in your application.'
              : 'Open a program and choose Apply Now, or continue and choose one on the application page.'}
          </p>
          <ButtonLink to="/application" size="lg" className="shrink-0">
            Continue to Application
            <Icon name="arrowRight" />
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
