import { useState } from 'react';
import type { z } from 'zod';
import { locales, localeInfo, type Locale } from '../../../../shared/locales';
import {
  consultantTextsInput,
  latestUpdateInput,
  type StaffConsultantTexts,
  type StaffLatestUpdate,
} from '../../../../shared/schemas/site-texts';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ErrorText } from '../../../components/error-text';
import { TextAreaField, TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../../lib/schema-form';
import { catalogueApi, useCatalogueWrite, useSiteTexts } from './catalogue-api';
import { ChangedMeanwhile, savedMeanwhile } from './changed-meanwhile';
import { localeLabel } from './university-names';

const languageName = (l: Locale) => (l === 'en' ? 'English' : localeLabel[l]);

interface TextPart {
  name: string;
  label: string;
  long?: boolean;
}

/** `{ title: { en, ar } }` as `{ 'title.en': …, 'title.ar': … }`, for listing a colleague's changes. */
function flat(values: Record<string, unknown>, parts: TextPart[]) {
  const out: Record<string, unknown> = {};
  for (const { name } of parts) {
    const byLocale = (values[name] ?? {}) as Record<string, unknown>;
    for (const l of locales) out[`${name}.${l}`] = byLocale[l];
  }
  if ('url' in values) out.url = values.url;
  return out;
}

function labelsOf(parts: TextPart[], withUrl: boolean) {
  const labels: Record<string, string> = {};
  for (const { name, label } of parts)
    for (const l of locales) labels[`${name}.${l}`] = `${label} in ${languageName(l)}`;
  if (withUrl) labels.url = 'Link';
  return labels;
}

/**
 * One text's form: each part in the six languages, each field written in its own direction;
 * a save names the version it started from, and a colleague's save meanwhile (409) is merged
 * into the fields this person did not touch (issue 25 §2).
 */
function TextsForm<S extends typeof latestUpdateInput | typeof consultantTextsInput>({
  schema,
  id,
  heading,
  parts,
  values,
  version,
  save: send,
}: {
  schema: S;
  id: string;
  heading: string;
  parts: TextPart[];
  values: z.input<S>;
  version: number;
  save: (input: { id: string; body: unknown }) => Promise<unknown>;
}) {
  const save = useCatalogueWrite(send);
  const form = useSchemaForm(schema, values as never);
  const { register, formState, setError } = form;
  const [base, setBase] = useState(version);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<{
    current: Record<string, unknown>;
    seen: Record<string, unknown>;
  } | null>(null);
  const withUrl = 'url' in (values as object);
  const errors = formState.errors as Record<
    string,
    Record<string, { message?: string }> & { message?: string }
  >;
  const submit = form.handleSubmit(async (body) => {
    setConflict(null);
    setSaved(false);
    try {
      const answer = (await save.mutateAsync({ id, body: { ...body, version: base } })) as {
        version: number;
      };
      setBase(answer.version);
      form.reset(body as never);
      setSaved(true);
    } catch (error) {
      const current = savedMeanwhile(error);
      if (current) {
        setBase(current.version as number);
        const theirs: Record<string, unknown> = Object.fromEntries(
          [...parts.map((p) => p.name), ...(withUrl ? ['url'] : [])].map((k) => [k, current[k]]),
        );
        setConflict({
          current: flat(theirs, parts),
          seen: flat({ ...form.formState.defaultValues } as Record<string, unknown>, parts),
        });
        form.reset(theirs as never, { keepDirtyValues: true });
      }
      showServerErrors(setError as never, error);
    }
  });
  const headingId = `texts-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {heading}
      </h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-4">
        {conflict && (
          <ChangedMeanwhile
            current={conflict.current}
            seen={conflict.seen}
            labels={labelsOf(parts, withUrl)}
          />
        )}
        {parts.map(({ name, label, long }) => (
          <fieldset key={name} className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
            {locales.map((l) => {
              const Field = long ? TextAreaField : TextField;
              return (
                <Field
                  key={l}
                  label={`${label} in ${languageName(l)}`}
                  lang={l}
                  dir={localeInfo[l].dir}
                  {...(long ? { rows: 3 } : {})}
                  {...register(`${name}.${l}` as never)}
                  error={errors[name]?.[l]?.message}
                />
              );
            })}
          </fieldset>
        ))}
        {withUrl && (
          <TextField
            label="Link"
            type="url"
            hint="Where “Read more” goes: an https address"
            {...register('url' as never)}
            error={errors.url?.message}
          />
        )}
        <div className="flex flex-wrap items-center gap-3" aria-live="polite">
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
          {saved && !formState.isDirty && (
            <p className="text-sm font-medium text-green-800">Saved: the site shows it now.</p>
          )}
          {save.isError && !(save.error instanceof ApiError && save.error.issues) && !conflict && (
            <p role="alert" className="text-sm font-medium text-red-700">
              <ErrorText error={save.error} />
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

const updateParts: TextPart[] = [
  { name: 'title', label: 'Title' },
  { name: 'summary', label: 'Summary', long: true },
];
const consultantParts: TextPart[] = [
  { name: 'role', label: 'Role' },
  { name: 'nationality', label: 'Nationality' },
];
const updateNames: Record<StaffLatestUpdate['key'], string> = {
  visa: 'Visa',
  accommodation: 'Accommodation',
  scholarships: 'Scholarships',
};

/** /staff/catalogue/site-texts: what the home page and /free say, in each language (issue 26 §3). */
export function SiteTextsPage() {
  usePageTitle('Catalogue: site texts');
  const texts = useSiteTexts();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Site texts</h1>
      <p className="text-sm text-muted">
        The home page’s Latest Updates and the consultants’ roles on the consultation page, in each
        of the site’s six languages. Every language is required, so no page falls back to English.
      </p>
      {texts.isError && (
        <Alert tone="error">
          <ErrorText error={texts.error} />
        </Alert>
      )}
      {texts.data && (
        <>
          <h2 className="text-xl font-semibold">Latest Updates</h2>
          {texts.data.latestUpdates.map((u) => (
            <TextsForm
              key={u.key}
              schema={latestUpdateInput}
              id={u.key}
              heading={updateNames[u.key]}
              parts={updateParts}
              values={{ title: u.title, summary: u.summary, url: u.url }}
              version={u.version}
              save={catalogueApi.saveLatestUpdate}
            />
          ))}
          <h2 className="text-xl font-semibold">Consultants</h2>
          {texts.data.consultants.map((c: StaffConsultantTexts) => (
            <TextsForm
              key={c.id}
              schema={consultantTextsInput}
              id={c.id}
              heading={c.name}
              parts={consultantParts}
              values={{ role: c.role, nationality: c.nationality }}
              version={c.version}
              save={catalogueApi.saveConsultantTexts}
            />
          ))}
        </>
      )}
    </div>
  );
}
