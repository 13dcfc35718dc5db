import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FieldErrors = Record<string, string>;

/** The first message for each field, from the same shared schema the server uses. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S> } | { errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Field errors the server named (400), if any. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  return error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields
    ? error.fields
    : null;
}

export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}
