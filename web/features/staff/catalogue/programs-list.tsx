import { useState } from 'react';
import { Link } from '../../../lib/router';
import { formatGbp } from '../../../../shared/program-display';
import { Alert } from '../../../components/alert';
import { ButtonLink } from '../../../components/button';
import { SelectField, TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { Pagination } from '../../../components/pagination';
import { useCataloguePrograms, useCatalogueUniversities } from './catalogue-api';
import { ErrorText } from '../../../components/error-text';

export function ProgramsListPage() {
  usePageTitle('Catalogue: programs');
  const [q, setQ] = useState('');
  const [universityId, setUniversityId] = useState('');
  const [page, setPage] = useState(1);
  const universities = useCatalogueUniversities();
  const programs = useCataloguePrograms({
    q: q.trim() || undefined,
    universityId: universityId || undefined,
    page,
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Programs</h1>
        <ButtonLink to="/staff/catalogue/programs/new">Add a program</ButtonLink>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Search by name or id"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="University"
          value={universityId}
          onChange={(e) => {
            setUniversityId(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All universities</option>
          {universities.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
      </div>
      {programs.isError && (
        <Alert tone="error">
          <ErrorText error={programs.error} />
        </Alert>
      )}
      {programs.data && (
        <>
          <p className="mt-4 text-sm text-muted" aria-live="polite">
            {programs.data.total.toLocaleString('en-GB')} programs, most recently changed first.
          </p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {programs.data.items.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <div>
                  <Link
                    to={`/staff/catalogue/programs/${p.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {p.name}
                  </Link>
                  <p className="text-sm text-muted">
                    {p.universityName} · {p.level} · {formatGbp(p.tuitionGbp)} per year ({p.feeYear}
                    ) · IELTS {p.ieltsOverall}
                  </p>
                </div>
                {!p.active && (
                  <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-medium text-slate-800">
                    Deactivated
                  </span>
                )}
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={programs.data.pageSize}
            total={programs.data.total}
            onPage={setPage}
            label="Programs pages"
          />
        </>
      )}
    </div>
  );
}
