import type { ErrorParams, FieldIssue } from './error-codes.ts';

/**
 * The one error body every API answer uses (D17): a code of shared/error-codes.ts and its values;
 * `message` and `fields` are English for API clients, `issues` each field's code and values.
 * Screens show the code in the reader's language (web/lib/error-text.ts), never the English.
 */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    params?: ErrorParams;
    fields?: Record<string, string>;
    issues?: Record<string, FieldIssue>;
    requestId?: string;
    /** A 409 on a stale version (issue 25 §2): the record as it is now, to show what changed. */
    current?: unknown;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}
