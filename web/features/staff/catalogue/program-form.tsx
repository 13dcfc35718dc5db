import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '../../../lib/router';
import {
  intakesToText,
  programInput,
  type StaffProgram,
} from '../../../../shared/schemas/catalogue-admin';
import { studyLevels, studyModes } from '../../../../shared/schemas/catalogue';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextAreaField, TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { showServerErrors, useSchemaForm } from '../../../lib/schema-form';
import { ChangedMeanwhile, savedMeanwhile } from './changed-meanwhile';
import {
  catalogueApi,
  useCatalogueCategories,
  useCatalogueProgram,
  useCatalogueUniversities,
  useCatalogueWrite,
} from './catalogue-api';

type Values = Record<string, string | string[] | boolean>;

function toFormValues(p: StaffProgram | undefined): Values {
  if (!p) {
    return {
      id: '',
      universityId: '',
      name: '',
      level: 'Masters',
      description: '',
      requirements: '',
      tuitionGbp: '',
      feeYear: '2026/27',
      ieltsOverall: '6.5',
      ieltsMinComponent: '6',
      englishEquivalents: '',
      academicLevel: '',
      academicRequirement: '',
      intakes: 'September',
      durationMonths: '12',
      studyMode: 'Full-time',
      categories: [],
      url: '',
      lastChecked: '',
      atasRequired: false,
      active: true,
    };
  }
  const { universityName: _name, updatedAt: _at, version: _version, ...values } = p;
  return {
    ...values,
    tuitionGbp: String(p.tuitionGbp),
    ieltsOverall: String(p.ieltsOverall),
    ieltsMinComponent: String(p.ieltsMinComponent),
    durationMonths: String(p.durationMonths),
    intakes: intakesToText(p.intakes),
    url: p.url ?? '',
    lastChecked: p.lastChecked ?? '',
  } as unknown as Values;
}

/** The fields a colleague may have changed meanwhile, as the form names them. */
const programLabels: Record<string, string> = {
  universityId: 'University',
  name: 'Name',
  level: 'Level',
  tuitionGbp: 'Tuition',
  feeYear: 'Fee year',
  ieltsOverall: 'IELTS overall',
  ieltsMinComponent: 'IELTS per component',
  academicLevel: 'Academic level',
  durationMonths: 'Duration (months)',
  intakes: 'Intakes',
  studyMode: 'Study mode',
  categories: 'Categories',
  url: 'Official course page',
  lastChecked: 'Last checked',
  requirements: 'Entry requirements',
  academicRequirement: 'Academic requirement',
  englishEquivalents: 'Accepted English equivalents',
  description: 'Short description',
  atasRequired: 'ATAS needed',
  active: 'Active',
};

/** /staff/catalogue/programs/new and /staff/catalogue/programs/:id */
export function ProgramEditPage() {
  const { id } = useParams();
  const program = useCatalogueProgram(id);
  const justSaved = (useLocation().state as { saved?: string } | null)?.saved ?? null;
  usePageTitle(id ? 'Edit program' : 'Add a program');
  if (id && program.isPending) return <Spinner label="Loading the program" />;
  if (id && program.isError) return <ProgramLoadError error={program.error} />;
  return <ProgramForm key={id ?? 'new'} program={program.data} justSaved={justSaved} />;
}

function ProgramForm({
  program,
  justSaved,
}: {
  program: StaffProgram | undefined;
  justSaved: string | null;
}) {
  const navigate = useNavigate();
  const universities = useCatalogueUniversities();
  const categories = useCatalogueCategories();
  const save = useCatalogueWrite(catalogueApi.saveProgram);
  const toggle = useCatalogueWrite(catalogueApi.setProgramActive);
  const [saved, setSaved] = useState<string | null>(justSaved);
  const errorText = useErrorText();
  // the version this form's values came from (issue 25 §2): a colleague's save meanwhile is a 409
  const [base, setBase] = useState(program?.version);
  const [conflict, setConflict] = useState<{
    current: Record<string, unknown>;
    seen: Record<string, unknown>;
  } | null>(null);
  const form = useSchemaForm(programInput, toFormValues(program) as never);
  const { register, formState, setError } = form;
  const err = (name: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const field = (name: string) => ({ ...register(name as never), error: err(name) });

  const submit = form.handleSubmit(async (body) => {
    setSaved(null);
    setConflict(null);
    try {
      const result = await save.mutateAsync({
        id: program?.id,
        body: program ? { ...body, version: base } : body,
      });
      setBase(result.version);
      const said = `${result.name} is saved. The public site shows the change now.`;
      setSaved(said);
      if (!program)
        void navigate(`/staff/catalogue/programs/${result.id}`, {
          replace: true,
          state: { saved: said },
        });
    } catch (error) {
      const current = savedMeanwhile(error);
      if (current) {
        setBase(current.version as number);
        const theirs = toFormValues(current as unknown as StaffProgram) as Record<string, unknown>;
        setConflict({ current: theirs, seen: { ...form.formState.defaultValues } });
        form.reset(theirs as never, { keepDirtyValues: true });
      }
      showServerErrors(setError as never, error);
    }
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Link to="/staff/catalogue" className="text-sm font-medium text-brand-700 underline">
        Back to programs
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">
        {program ? `Edit ${program.name}` : 'Add a program'}
      </h1>
      {program && !program.active && (
        <Alert tone="warning" title="Deactivated">
          This program is not on the public site. Activate it to show it again.
        </Alert>
      )}
      {conflict && (
        <ChangedMeanwhile current={conflict.current} seen={conflict.seen} labels={programLabels} />
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Id"
          hint="Lower-case words joined by hyphens; it cannot change later."
          readOnly={Boolean(program)}
          {...field('id')}
        />
        <SelectField label="University" {...field('universityId')}>
          <option value="">Choose a university</option>
          {universities.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Name" {...field('name')} />
        <SelectField label="Level" {...field('level')}>
          {studyLevels.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </SelectField>
        <TextField
          label="Tuition (GBP per year, international)"
          inputMode="numeric"
          {...field('tuitionGbp')}
        />
        <TextField label="Fee year" hint="Such as 2026/27" {...field('feeYear')} />
        <TextField label="IELTS overall" inputMode="decimal" {...field('ieltsOverall')} />
        <TextField
          label="IELTS per component (minimum)"
          inputMode="decimal"
          {...field('ieltsMinComponent')}
        />
        <TextField
          label="Academic level"
          hint="Masters: a degree class such as 2:1. Bachelors: grades such as AAB."
          {...field('academicLevel')}
        />
        <TextField label="Duration (months)" inputMode="numeric" {...field('durationMonths')} />
        <TextField
          label="Intakes"
          hint="Month, then : and the application deadline if one is published; separate intakes with ; (September:2026-06-30; January)"
          {...field('intakes')}
        />
        <SelectField label="Study mode" {...field('studyMode')}>
          {studyModes.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </SelectField>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-ink">
            Subject categories (the first ticked is the main one)
          </legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {categories.data?.map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={c} {...register('categories' as never)} />
                {c}
              </label>
            ))}
          </div>
          {err('categories') && (
            <p className="text-sm font-medium text-red-700">{err('categories')}</p>
          )}
        </fieldset>
        <TextField
          label="Official course page"
          type="url"
          hint="https:// address; leave empty if only the university's website is known"
          {...field('url')}
        />
        <TextField label="Last checked" type="date" {...field('lastChecked')} />
        <div className="sm:col-span-2">
          <div className="flex items-start gap-2 text-sm">
            <input
              id="atas-required"
              type="checkbox"
              className="mt-1 size-4"
              aria-describedby="atas-hint"
              {...register('atasRequired' as never)}
            />
            <div>
              <label htmlFor="atas-required" className="font-medium text-ink">
                ATAS certificate needed
              </label>
              <p id="atas-hint" className="text-muted">
                Some science, engineering and technology courses need an Academic Technology
                Approval Scheme certificate before the visa: the student's after-offer checklist
                then asks for it.
              </p>
            </div>
          </div>
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Entry requirements (as shown to students)"
            rows={2}
            {...field('requirements')}
          />
        </div>
        <TextAreaField label="Academic requirement" rows={2} {...field('academicRequirement')} />
        <TextAreaField
          label="Accepted English equivalents"
          rows={2}
          {...field('englishEquivalents')}
        />
        <div className="sm:col-span-2">
          <TextAreaField label="Short description" rows={3} {...field('description')} />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2" aria-live="polite">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : program ? 'Save changes' : 'Add program'}
          </Button>
          {program && (
            <Button
              type="button"
              variant="secondary"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ id: program.id, active: !program.active })}
            >
              {program.active ? 'Deactivate' : 'Activate'}
            </Button>
          )}
          {saved && (
            <p role="status" className="text-sm font-medium text-green-800">
              {saved}
            </p>
          )}
          {save.isError && !conflict && !(save.error instanceof ApiError && save.error.issues) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errorText(save.error)}
            </p>
          )}
          {Object.keys(formState.errors).length > 0 && (
            <p role="alert" className="text-sm font-medium text-red-700">
              Some fields need fixing: see the messages above.
            </p>
          )}
        </div>
      </form>
    </div>
  );
}

function ProgramLoadError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <Alert tone="error">{errorText(error)}</Alert>;
}
