import { useEffect, useState } from 'react';
import { maxSearchLength, queueSearchInput } from '../../../shared/schemas/staff';
import { useSchemaForm } from '../../lib/schema-form';
import { applicationStatuses } from '../../../shared/application-status';
import { studyLevels } from '../../../shared/catalogue-values';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { useProgram, useProgramsOf, useUniversities } from '../../lib/catalogue';
import { statusLabel } from './format';

export const sortChoices = [
  { value: 'submitted:desc', label: 'Newest first' },
  { value: 'submitted:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'status:asc', label: 'Status, longest waiting first' },
  { value: 'status:desc', label: 'Status, accepted first' },
] as const;

export type Filters = Record<string, string | undefined>;

/** The queue's filters; every change goes to the address bar, so a reload or a shared link keeps them. */
export function QueueFilters({
  filters,
  errors,
  onChange,
}: {
  filters: Filters;
  errors: Record<string, string>;
  onChange: (changes: Filters) => void;
}) {
  const universities = useUniversities();
  const programs = useProgramsOf(filters.universityId);
  // a shared link may name a program without its university: show that one
  const namedProgram = useProgram(filters.universityId ? undefined : filters.programId);
  const programChoices = filters.universityId
    ? (programs.data ?? [])
    : namedProgram.data
      ? [namedProgram.data]
      : [];
  const search = useSchemaForm(queueSearchInput, { q: filters.q ?? '' });
  const [isOpen, setIsOpen] = useState(false);
  const activeCount = ['status', 'universityId', 'programId', 'level', 'from', 'to', 'sort'].filter(
    (n) => filters[n],
  ).length;
  // the address bar is the truth: back, forward or a chip's link puts its search in the box
  const { reset } = search;
  useEffect(() => reset({ q: filters.q ?? '' }), [reset, filters.q]);
  const sort = `${filters.sort ?? 'submitted'}:${filters.dir ?? (filters.sort && filters.sort !== 'submitted' ? 'asc' : 'desc')}`;
  const select = (name: string) => ({
    value: filters[name] ?? '',
    onChange: (e: { target: { value: string } }) =>
      onChange({ [name]: e.target.value || undefined }),
  });

  const submit = search.handleSubmit(({ q }) => onChange({ q }));

  return (
    <form
      role="search"
      aria-label="Filter applications"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Search by name, e-mail or application ID"
            type="search"
            error={search.formState.errors.q?.message ?? errors.q}
            maxLength={maxSearchLength}
            {...search.register('q')}
          />
        </div>
        <Button type="submit" className="sm:mb-px">
          Search
        </Button>
      </div>
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline underline-offset-2 md:hidden"
        aria-expanded={isOpen}
        aria-controls="queue-filter-fields"
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? 'Hide filters' : `Show filters${activeCount ? ` (${activeCount} on)` : ''}`}
      </button>
      <div
        id="queue-filter-fields"
        className={`${isOpen ? 'grid' : 'hidden md:grid'} grid-cols-2 gap-3 md:grid-cols-4`}
      >
        <SelectField label="Status" {...select('status')} error={errors.status}>
          <option value="">All statuses</option>
          {applicationStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="University"
          value={filters.universityId ?? ''}
          onChange={(e) =>
            onChange({ universityId: e.target.value || undefined, programId: undefined })
          }
        >
          <option value="">All universities</option>
          {universities.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Program"
          {...select('programId')}
          disabled={programChoices.length === 0}
          hint={
            programChoices.length === 0 && !filters.universityId
              ? 'Choose a university first.'
              : undefined
          }
        >
          <option value="">All programs</option>
          {programChoices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.universityName})
            </option>
          ))}
        </SelectField>
        <SelectField label="Level" {...select('level')}>
          <option value="">All levels</option>
          {studyLevels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <TextField label="Submitted from" type="date" {...select('from')} error={errors.from} />
        <TextField label="Submitted to" type="date" {...select('to')} error={errors.to} />
        <SelectField
          label="Sort by"
          value={sort}
          onChange={(e) => {
            const [by, dir] = e.target.value.split(':');
            onChange({
              sort: by === 'submitted' ? undefined : by,
              dir: dir === (by === 'submitted' ? 'desc' : 'asc') ? undefined : dir,
            });
          }}
        >
          {sortChoices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>
    </form>
  );
}
