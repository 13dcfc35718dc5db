import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';

/** A catalogue entry saved by a colleague meanwhile (issue 25 §2): the entry as it is now. */
export function savedMeanwhile(error: unknown): Record<string, unknown> | null {
  return error instanceof ApiError &&
    error.code === 'CATALOGUE_CHANGED_MEANWHILE' &&
    typeof error.current === 'object' &&
    error.current !== null
    ? (error.current as Record<string, unknown>)
    : null;
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * What a colleague changed since this person opened the entry: field by field, their value. The form takes their values into the fields this person did not touch and keeps this
 * person's input in the others (`form.reset(theirs, { keepDirtyValues: true })`), so saving again
 * on the new version erases nothing this person did not change.
 */
export function ChangedMeanwhile({
  current,
  seen,
  labels,
}: {
  current: Record<string, unknown>;
  /** The values this person's form started from (the version they saw). */
  seen: Record<string, unknown>;
  labels: Record<string, string>;
}) {
  const differing = Object.keys(labels).filter(
    (k) => k in current && shown(current[k]) !== shown(seen[k]),
  );
  return (
    <Alert tone="warning" title="Someone else saved this entry meanwhile">
      <p>
        Their changes are filled in below; the fields you changed keep your input. Check them, then
        save again.
      </p>
      {differing.length > 0 && (
        <ul className="mt-2 list-disc ps-5">
          {differing.map((k) => (
            <li key={k}>
              {labels[k]}: now “{shown(current[k])}”
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
