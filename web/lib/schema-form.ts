import { toNestErrors } from '@hookform/resolvers';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import { z } from 'zod';
import { errorEnglish, fieldIssue, isErrorCode, type FieldIssue } from '../../shared/error-codes';
import { ApiError } from './api-client';

/**
 * The shared zod schema as react-hook-form's resolver. Like @hookform/resolvers' zodResolver, but
 * each field's error keeps the issue's code and values (`params`: minimum, maximum, a refinement's
 * own), which `useErrorText()` needs to say it in the reader's language (D17).
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError & { params?: FieldIssue['params'] }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const { code, params } = fieldIssue(issue as never);
      errors[path] = { type: code, message: issue.message, ...(params ? { params } : {}) };
    }
    return {
      values: {},
      errors: toNestErrors(errors as never, options) as FieldErrors<z.input<S>>,
    };
  };
}

/**
 * react-hook-form checked by the shared zod schema the server uses. Nothing is checked while a
 * person types a first time; after the first submit every change re-checks the whole form, so a
 * message disappears as soon as the field is fixed (and "Passwords do not match" as soon as either
 * password makes them equal).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: schemaResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
    defaultValues,
  });
}

/** The fields the server refused (400), each with its code and values, if any. */
export function serverIssues(error: unknown): Record<string, FieldIssue> | null {
  return error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.issues
    ? error.issues
    : null;
}

/** A file field that must have a file (the route checks its size and type when it is sent). */
export const chosenFile = z.custom<File>((value) => value instanceof File);
export const chosenFileInput = z.object({ file: chosenFile });

/** The first field issue the server named, if any (for a form that shows one message). */
export const firstIssue = (error: unknown): FieldIssue | undefined =>
  error instanceof ApiError ? Object.values(error.issues ?? {})[0] : undefined;

/** Shows the server's field issues on their fields; false when the error named none. */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
): boolean {
  const issues = serverIssues(error);
  if (!issues) return false;
  for (const [name, { code, params }] of Object.entries(issues))
    setError(
      name as Path<T>,
      {
        type: code,
        // English words for the staff console's English-only screens; translated ones read `type`
        message: isErrorCode(code) ? errorEnglish(code, params) : code,
        params,
      } as FieldError,
    );
  return true;
}

/** The first issue of each field, from the same shared schema the server uses (forms not on react-hook-form). */
export function checkFields<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S> } | { errors: Record<string, FieldIssue> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, FieldIssue> = {};
  for (const issue of result.error.issues)
    errors[issue.path.join('.') || '_'] ??= fieldIssue(issue as never);
  return { errors };
}

export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}
