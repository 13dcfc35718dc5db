import { useState } from 'react';
import type { ImportReport } from '../../../../shared/schemas/catalogue-admin';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { usePageTitle } from '../../../components/page-title';
import { catalogueApi, useCatalogueWrite } from './catalogue-api';
import { ErrorText } from '../../../components/error-text';

const shown = 200;

function Report({ report }: { report: ImportReport }) {
  return (
    <section
      aria-labelledby="import-report"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="import-report" className="text-lg font-semibold">
        {report.applied
          ? 'Import applied'
          : report.errors.length > 0
            ? 'Dry run: fix these rows first'
            : 'Dry run: nothing is changed yet'}
      </h2>
      <p>
        {report.rows.toLocaleString('en-GB')} rows: {report.creates.toLocaleString('en-GB')} new,{' '}
        {report.updates.toLocaleString('en-GB')} changed, {report.unchanged.toLocaleString('en-GB')}{' '}
        unchanged, {report.errors.length.toLocaleString('en-GB')} with errors (
        {(report.tookMs / 1000).toFixed(1)} s).
      </p>
      {report.errors.length > 0 && (
        <>
          <h3 className="font-semibold">
            Errors
            {report.errors.length > shown ? ` (first ${shown} of ${report.errors.length})` : ''}
          </h3>
          <ul className="list-disc space-y-1 pl-6 text-sm">
            {report.errors.slice(0, shown).map((e) => (
              <li key={e.line}>
                Line {e.line}
                {e.id ? ` (${e.id})` : ''}: {e.errors.join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.changes.length > 0 && (
        <>
          <h3 className="font-semibold">
            {report.applied ? 'Changed' : 'Will change'}
            {report.changes.length > shown ? ` (first ${shown} of ${report.changes.length})` : ''}
          </h3>
          <ul className="list-disc space-y-1 pl-6 text-sm">
            {report.changes.slice(0, shown).map((c) => (
              <li key={c.line}>
                Line {c.line}:{' '}
                {c.action === 'create' ? `new program ${c.id}` : `${c.id}: ${c.fields.join(', ')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function CsvPage() {
  usePageTitle('Catalogue: import and export');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useCatalogueWrite(catalogueApi.importCsv);
  const go = (apply: boolean) => {
    if (!file) return;
    setReport(null);
    run.mutate({ file, apply }, { onSuccess: setReport });
  };
  const canApply =
    report && !report.applied && report.errors.length === 0 && report.creates + report.updates > 0;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight">Import and export programs</h1>
      <div className="flex flex-wrap gap-3">
        <a
          className={buttonClasses('secondary')}
          href="/api/staff/catalogue/programs-template.csv"
          download
        >
          Download the CSV template
        </a>
        <a className={buttonClasses('secondary')} href="/api/staff/catalogue/programs.csv" download>
          Export all programs (CSV)
        </a>
      </div>
      <section
        aria-labelledby="import-title"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="import-title" className="text-lg font-semibold">
          Import
        </h2>
        <p className="text-sm text-muted">
          Up to 20,000 programs in one file, one row per program, matched by its id: a new id adds a
          program, a known id updates it, an unchanged row changes nothing. Check first with a dry
          run; a file with any error applies nothing.
        </p>
        <label htmlFor="import-file" className="block text-sm font-medium">
          CSV file
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button disabled={!file || run.isPending} onClick={() => go(false)}>
            {run.isPending ? 'Working…' : 'Dry run'}
          </Button>
          <Button
            variant="secondary"
            disabled={!canApply || run.isPending}
            onClick={() => go(true)}
          >
            Apply the import
          </Button>
        </div>
        <div aria-live="polite">
          {run.isError && (
            <Alert tone="error">
              <ErrorText error={run.error} />
            </Alert>
          )}
        </div>
      </section>
      <div aria-live="polite">{report && <Report report={report} />}</div>
    </div>
  );
}
