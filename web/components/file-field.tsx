import { useIntl } from 'react-intl';
import { FieldShell } from './field';
import { fileAccept } from '../../shared/schemas/application';

/** A labelled file input; the chosen file's name and size are read out with it. */
export function FileField({
  name,
  label,
  hint,
  error,
  file,
  remembered,
  disabled,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  file?: File;
  /** The name of a file chosen before a reload or on another device: the browser did not keep it. */
  remembered?: string;
  disabled?: boolean;
  onChange: (file: File | undefined) => void;
}) {
  const intl = useIntl();
  return (
    <FieldShell
      label={label}
      error={error}
      hint={
        file
          ? intl.formatMessage(
              { id: 'application.file.chosen', defaultMessage: '{name} ({size})' },
              { name: <bdi>{file.name}</bdi>, size: formatSize(file.size, intl.locale) },
            )
          : remembered
            ? intl.formatMessage(
                {
                  id: 'application.file.chooseAgain',
                  defaultMessage: 'You chose {name} before: choose it again.',
                },
                { name: <bdi>{remembered}</bdi> },
              )
            : (hint ??
              intl.formatMessage({
                id: 'application.file.types',
                defaultMessage: 'PDF, JPG or PNG.',
              }))
      }
    >
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          type="file"
          accept={fileAccept}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? undefined)}
          className="block w-full rounded-lg border border-slate-400 bg-white text-sm text-ink file:me-3 file:cursor-pointer file:rounded-s-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 aria-invalid:border-red-700"
        />
      )}
    </FieldShell>
  );
}

/** 12 KB, 1.5 MB, in the reader's digits and units (Intl). */
export function formatSize(bytes: number, locale = 'en-GB'): string {
  if (locale.startsWith('en')) {
    if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  }
  if (bytes < 1024 * 1024) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    }).format(Math.max(1, Math.round(bytes / 1024)));
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / 1024 / 1024);
}
