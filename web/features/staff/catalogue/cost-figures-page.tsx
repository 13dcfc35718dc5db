import { useState } from 'react';
import {
  costFigureInput,
  costFigureKindNames,
  costFigureKinds,
  type StaffCostFigure,
} from '../../../../shared/schemas/catalogue-admin';
import { formatDate, formatGbp } from '../../../../shared/program-display';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../../lib/schema-form';
import { ChangedMeanwhile, savedMeanwhile } from './changed-meanwhile';
import { catalogueApi, useCatalogueWrite, useCostFigures } from './catalogue-api';
import { ErrorText } from '../../../components/error-text';

const figureLabels: Record<string, string> = {
  kind: 'Figure',
  amountGbp: 'Amount (GBP)',
  effectiveFrom: 'Effective from',
  source: 'Source',
  sourceUrl: 'Source address',
};

function figureValues(figure: StaffCostFigure | undefined) {
  return figure
    ? {
        kind: figure.kind,
        amountGbp: String(figure.amountGbp),
        effectiveFrom: figure.effectiveFrom,
        source: figure.source,
        sourceUrl: figure.sourceUrl,
      }
    : { kind: 'visa-fee', amountGbp: '', effectiveFrom: '', source: '', sourceUrl: '' };
}

function FigureForm({ figure, onDone }: { figure?: StaffCostFigure; onDone: () => void }) {
  const save = useCatalogueWrite(catalogueApi.saveFigure);
  const defaults = figureValues(figure);
  const form = useSchemaForm(costFigureInput, defaults as never);
  const { register, formState, setError } = form;
  // the version this form's values came from (issue 25 §2)
  const [base, setBase] = useState(figure?.version);
  const [conflict, setConflict] = useState<{
    current: Record<string, unknown>;
    seen: Record<string, unknown>;
  } | null>(null);
  const err = (name: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const field = (name: string) => ({ ...register(name as never), error: err(name) });
  const submit = form.handleSubmit(async (body) => {
    setConflict(null);
    try {
      await save.mutateAsync({
        id: figure?.id,
        body: figure ? { ...body, version: base } : body,
      });
      onDone();
    } catch (error) {
      const current = savedMeanwhile(error);
      if (current) {
        setBase(current.version as number);
        const theirs = figureValues(current as unknown as StaffCostFigure) as Record<
          string,
          unknown
        >;
        setConflict({ current: theirs, seen: { ...form.formState.defaultValues } });
        form.reset(theirs as never, { keepDirtyValues: true });
      }
      showServerErrors(setError as never, error);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
      {conflict && (
        <div className="sm:col-span-2">
          <ChangedMeanwhile current={conflict.current} seen={conflict.seen} labels={figureLabels} />
        </div>
      )}
      <SelectField label="Figure" {...field('kind')}>
        {costFigureKinds.map((k) => (
          <option key={k} value={k}>
            {costFigureKindNames[k]}
          </option>
        ))}
      </SelectField>
      <TextField label="Amount (GBP)" inputMode="numeric" {...field('amountGbp')} />
      <TextField label="Effective from" type="date" {...field('effectiveFrom')} />
      <TextField
        label="Source"
        hint="Where the figure comes from, such as gov.uk, Student visa"
        {...field('source')}
      />
      <TextField label="Source address (optional)" type="url" {...field('sourceUrl')} />
      <div className="flex items-end gap-3" aria-live="polite">
        <Button type="submit" disabled={save.isPending}>
          {figure ? 'Save figure' : 'Add figure'}
        </Button>
        {save.isError && !(save.error instanceof ApiError && save.error.issues) && (
          <p role="alert" className="text-sm font-medium text-red-700">
            <ErrorText error={save.error} />
          </p>
        )}
      </div>
    </form>
  );
}

export function CostFiguresPage() {
  usePageTitle('Catalogue: cost of study');
  const figures = useCostFigures();
  const [editing, setEditing] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const done = () => {
    setEditing(null);
    setSaid('Saved. Programs, compare and guidance use the figure in force from its date.');
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Cost of study figures</h1>
      <p className="text-sm text-muted">
        Each figure applies from its effective date; the latest one that has taken effect is in
        force. Keep the source, so students can check it.
      </p>
      <div aria-live="polite">{said && <Alert tone="success">{said}</Alert>}</div>
      {figures.isError && (
        <Alert tone="error">
          <ErrorText error={figures.error} />
        </Alert>
      )}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {figures.data?.map((f) => (
          <li key={f.id} className="space-y-2 px-4 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">
                  {costFigureKindNames[f.kind]}: {formatGbp(f.amountGbp)} from{' '}
                  {formatDate(f.effectiveFrom)}
                  {f.inForce && (
                    <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm text-green-900">
                      In force
                    </span>
                  )}
                </p>
                <p className="text-sm text-muted">Source: {f.source}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => setEditing(editing === f.id ? null : f.id)}
              >
                {editing === f.id ? 'Cancel' : 'Edit'}
                <span className="sr-only">
                  {' '}
                  {costFigureKindNames[f.kind]} from {f.effectiveFrom}
                </span>
              </Button>
            </div>
            {editing === f.id && <FigureForm figure={f} onDone={done} />}
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="add-figure"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="add-figure" className="mb-3 text-lg font-semibold">
          Add a figure
        </h2>
        <FigureForm onDone={done} />
      </section>
    </div>
  );
}
