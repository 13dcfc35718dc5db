import { useState } from 'react';
import type { z } from 'zod';
import { universityInput, type StaffUniversity } from '../../../../shared/schemas/catalogue-admin';
import { otherLocales, ukRegions } from '../../../../shared/schemas/catalogue';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../../lib/schema-form';
import { ChangedMeanwhile, savedMeanwhile } from './changed-meanwhile';
import { catalogueApi, useCatalogueUniversities, useCatalogueWrite } from './catalogue-api';
import { localeLabel, NameFields, type Errors } from './university-names';
import { ErrorText } from '../../../components/error-text';

function AddUniversity() {
  const create = useCatalogueWrite(catalogueApi.createUniversity);
  const [done, setDone] = useState<string | null>(null);
  const empty = {
    id: '',
    name: '',
    location: '',
    region: 'London',
    website: 'https://',
    ranking: '',
    names: {},
  };
  const form = useSchemaForm(universityInput, empty as never);
  const { register, formState, setError, reset } = form;
  const err = (name: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const field = (name: string) => ({ ...register(name as never), error: err(name) });
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    try {
      const u = await create.mutateAsync(body);
      setDone(`${u.name} is added. Upload its logo below.`);
      reset(empty as never);
    } catch (error) {
      showServerErrors(setError as never, error);
    }
  });
  return (
    <section
      aria-labelledby="add-university"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="add-university" className="text-lg font-semibold">
        Add a university
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField label="Id" hint="Such as university-of-york" {...field('id')} />
        <TextField label="Name" {...field('name')} />
        <TextField label="City" {...field('location')} />
        <SelectField label="Region" {...field('region')}>
          {ukRegions.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </SelectField>
        <TextField label="Website" type="url" {...field('website')} />
        <TextField label="Ranking" inputMode="numeric" {...field('ranking')} />
        <NameFields
          register={register as never}
          errors={formState.errors as never}
          english="the English name"
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3" aria-live="polite">
          <Button type="submit" disabled={create.isPending}>
            Add university
          </Button>
          {done && (
            <p role="status" className="text-sm font-medium text-green-800">
              {done}
            </p>
          )}
          {create.isError && !(create.error instanceof ApiError && create.error.issues) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              <ErrorText error={create.error} />
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

const namesOnly = universityInput.pick({ names: true });

const nameLabels: Record<string, string> = Object.fromEntries(
  otherLocales.map((l) => [l, `Name in ${localeLabel[l]}`]),
);
const flatNames = (names: unknown): Record<string, unknown> => ({
  ...Object.fromEntries(otherLocales.map((l) => [l, ''])),
  ...(typeof names === 'object' && names !== null ? names : {}),
});

/** A university's names in the other languages, edited where it is listed. */
function UniversityNamesForm({ university }: { university: StaffUniversity }) {
  const update = useCatalogueWrite(catalogueApi.updateUniversity);
  const [said, setSaid] = useState<string | null>(null);
  const values = { names: { ...university.names } } as z.input<typeof namesOnly>;
  const form = useSchemaForm(namesOnly, values as never);
  // the version these names came from (issue 25 §2): a colleague's save meanwhile is a 409
  const [base, setBase] = useState(university.version);
  const [conflict, setConflict] = useState<{
    current: Record<string, unknown>;
    seen: Record<string, unknown>;
  } | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setSaid(null);
    setConflict(null);
    try {
      const saved = await update.mutateAsync({
        id: university.id,
        body: { ...body, version: base },
      });
      setBase(saved.version);
      setSaid('Names saved.');
    } catch (error) {
      const current = savedMeanwhile(error);
      if (current) {
        setBase(current.version as number);
        setConflict({
          current: flatNames(current.names),
          seen: flatNames(form.formState.defaultValues?.names),
        });
        form.reset({ names: { ...(current.names as object) } } as never, { keepDirtyValues: true });
      }
      showServerErrors(form.setError as never, error);
    }
  });
  return (
    <details className="w-full">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        Names in other languages
        <span className="sr-only"> for {university.name}</span>
      </summary>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-3">
        {conflict && (
          <div className="sm:col-span-3">
            <ChangedMeanwhile current={conflict.current} seen={conflict.seen} labels={nameLabels} />
          </div>
        )}
        <NameFields
          register={form.register as never}
          errors={form.formState.errors as Errors}
          english={university.name}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3" aria-live="polite">
          <Button type="submit" variant="secondary" disabled={update.isPending}>
            Save names
          </Button>
          {said && (
            <p role="status" className="text-sm font-medium text-green-800">
              {said}
            </p>
          )}
          {update.isError && !(update.error instanceof ApiError && update.error.issues) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              <ErrorText error={update.error} />
            </p>
          )}
        </div>
      </form>
    </details>
  );
}

function UniversityRow({ university }: { university: StaffUniversity }) {
  const update = useCatalogueWrite(catalogueApi.updateUniversity);
  const upload = useCatalogueWrite(catalogueApi.uploadLogo);
  const [said, setSaid] = useState<string | null>(null);
  const inputId = `logo-${university.id}`;
  return (
    <li className="flex flex-wrap items-center gap-4 px-4 py-3">
      <img
        src={university.logoUrl}
        alt=""
        width={48}
        height={48}
        className="h-12 w-12 object-contain"
      />
      <div className="min-w-48 flex-1">
        <p className="font-medium">{university.name}</p>
        <p className="text-sm text-muted">
          #{university.ranking} · {university.location}, {university.region} ·{' '}
          {university.programCount} active programs
          {!university.active && ' · deactivated'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Logo (PNG or JPEG) for {university.name}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          className="max-w-56 text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setSaid(null);
            upload.mutate(
              { id: university.id, file },
              { onSuccess: () => setSaid('Logo updated.') },
            );
          }}
        />
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              id: university.id,
              body: { version: university.version, active: !university.active },
            })
          }
        >
          {university.active ? 'Deactivate' : 'Activate'}
          <span className="sr-only"> {university.name}</span>
        </Button>
      </div>
      <UniversityNamesForm university={university} />
      <div className="w-full" aria-live="polite">
        {said && (
          <p role="status" className="text-sm font-medium text-green-800">
            {said}
          </p>
        )}
        {upload.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            <ErrorText error={upload.error} />
          </p>
        )}
        {update.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            <ErrorText error={update.error} />
          </p>
        )}
      </div>
    </li>
  );
}

export function UniversitiesPage() {
  usePageTitle('Catalogue: universities');
  const universities = useCatalogueUniversities();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Universities</h1>
      <AddUniversity />
      {universities.isError && (
        <Alert tone="error">
          <ErrorText error={universities.error} />
        </Alert>
      )}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {universities.data?.map((u) => (
          <UniversityRow key={u.id} university={u} />
        ))}
      </ul>
      <p className="text-sm text-muted">
        Logos are checked and re-drawn as PNG when uploaded: only their pixels are kept, so no file
        can carry script.
      </p>
    </div>
  );
}
