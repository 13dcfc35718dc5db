import { useRef, useState } from 'react';
import { ApiError, apiPost } from '../../lib/api-client';
import type { ContactRequestReceipt } from '../../../shared/schemas/referral';
import { networkKinds, type NetworkFormValues, type NetworkKind } from './network-kinds';
import { newIdempotencyKey } from '../../lib/idempotency-key';

export type FieldErrors = Partial<Record<keyof NetworkFormValues, string>>;

/** Checks the form with the schema the server uses; errors are keyed by form field. */
export function validateNetworkForm(kind: NetworkKind, values: NetworkFormValues) {
  const config = networkKinds[kind];
  const body = config.body(values);
  const result = config.schema.safeParse(body);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = config.fieldOf(String(issue.path[0] ?? '')) as keyof NetworkFormValues;
      errors[field] ??= issue.message;
    }
  }
  return { body, errors };
}

/**
 * Sends one form fill. The idempotency key stays the same while the values do, so a double click
 * or a retry after a lost answer never stores two rows; changed values are a new request.
 */
export function useNetworkSubmit(kind: NetworkKind) {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  async function submit(body: object): Promise<ContactRequestReceipt | null> {
    if (inFlight.current) return null;
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    inFlight.current = true;
    setIsSubmitting(true);
    setFailure(null);
    setServerErrors({});
    try {
      return await apiPost<ContactRequestReceipt>(networkKinds[kind].endpoint, body, {
        'Idempotency-Key': attempt.current.key,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setFailure(apiError?.message ?? 'Something went wrong. Please try again later.');
      const fields: FieldErrors = {};
      for (const [field, message] of Object.entries(apiError?.fields ?? {})) {
        fields[networkKinds[kind].fieldOf(field) as keyof NetworkFormValues] = message;
      }
      setServerErrors(fields);
      return null;
    } finally {
      inFlight.current = false;
      setIsSubmitting(false);
    }
  }

  function reset() {
    attempt.current = null;
    setFailure(null);
    setServerErrors({});
  }

  function dismissServerError(field: keyof NetworkFormValues) {
    setServerErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  return { submit, reset, dismissServerError, isSubmitting, failure, serverErrors };
}
