import { useState } from 'react';
import { categoryInput, type StaffCategory } from '../../../../shared/schemas/catalogue-admin';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { showServerErrors, useSchemaForm } from '../../../lib/schema-form';
import { catalogueApi, useCatalogueWrite, useCategoryList } from './catalogue-api';
import { ErrorText } from '../../../components/error-text';

const programs = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'program' : 'programs'}`;

/** A name form: adding a category, or renaming one. */
function NameForm({
  label,
  submitLabel,
  initial,
  onSave,
}: {
  label: string;
  submitLabel: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
}) {
  const form = useSchemaForm(categoryInput, { name: initial } as never);
  const { register, formState, setError, reset } = form;
  const [failed, setFailed] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ name }) => {
    setFailed(null);
    try {
      await onSave(name);
      reset({ name: initial } as never);
    } catch (error) {
      if (!showServerErrors(setError as never, error))
        setFailed(error instanceof Error ? error.message : 'The change could not be saved.');
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-start gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <TextField
          label={label}
          {...register('name' as never)}
          error={(formState.errors as { name?: { message?: string } }).name?.message}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        className="sm:mt-6"
        disabled={formState.isSubmitting}
      >
        {submitLabel}
      </Button>
      {failed && (
        <p role="alert" className="basis-full text-sm font-medium text-red-700">
          {failed}
        </p>
      )}
    </form>
  );
}

function CategoryRow({
  category,
  onSaid,
}: {
  category: StaffCategory;
  onSaid: (said: string) => void;
}) {
  const change = useCatalogueWrite(catalogueApi.changeCategory);
  const [renaming, setRenaming] = useState(false);
  const toggle = () =>
    change.mutate(
      { name: category.name, body: { active: !category.active } },
      {
        onSuccess: () =>
          onSaid(
            category.active
              ? `${category.name} is deactivated: the program form and the public filter no longer offer it.`
              : `${category.name} is active again.`,
          ),
      },
    );
  return (
    <li className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-ink">
            {category.name}
            {!category.active && (
              <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-sm text-ink">
                Inactive
              </span>
            )}
          </p>
          <p className="text-sm text-muted">{programs(category.programCount)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => setRenaming(!renaming)}
            aria-expanded={renaming}
          >
            {renaming ? 'Cancel' : 'Rename'}
            <span className="sr-only"> {category.name}</span>
          </Button>
          <Button variant="secondary" onClick={toggle} disabled={change.isPending}>
            {category.active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {category.name}</span>
          </Button>
        </div>
      </div>
      {change.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          <ErrorText error={change.error} />
        </p>
      )}
      {renaming && (
        <NameForm
          label={`New name for ${category.name}`}
          submitLabel="Save name"
          initial={category.name}
          onSave={async (name) => {
            await change.mutateAsync({ name: category.name, body: { name } });
            setRenaming(false);
            onSaid(`Renamed to ${name}, on ${programs(category.programCount)} too.`);
          }}
        />
      )}
    </li>
  );
}

/** /staff/catalogue/categories: the subject categories the team manages (issue 11 item 1). */
export function CategoriesPage() {
  usePageTitle('Catalogue: subject categories');
  const list = useCategoryList();
  const add = useCatalogueWrite(catalogueApi.addCategory);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Subject categories</h1>
      <p className="text-sm text-muted">
        Programs are filed under these categories, and students filter by them on the programs page.
        A rename changes every program that has the category; a deactivated category is no longer
        offered, and programs keep it until edited.
      </p>
      <div aria-live="polite">{said && <Alert tone="success">{said}</Alert>}</div>
      {list.isPending && <Spinner label="Loading the categories" />}
      {list.isError && (
        <Alert tone="error">
          <ErrorText error={list.error} />
        </Alert>
      )}
      {list.data && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.data.map((c) => (
            <CategoryRow key={c.name} category={c} onSaid={setSaid} />
          ))}
        </ul>
      )}
      <section
        aria-labelledby="add-category"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="add-category" className="mb-3 text-lg font-semibold">
          Add a category
        </h2>
        <NameForm
          label="Name"
          submitLabel="Add category"
          initial=""
          onSave={async (name) => {
            await add.mutateAsync({ name });
            setSaid(`${name} is added: the program form and the public filter offer it now.`);
          }}
        />
      </section>
    </div>
  );
}
