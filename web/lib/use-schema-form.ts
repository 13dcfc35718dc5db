import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
/** Field name to message, as the server names them (400). */
type FieldErrors = Record<string, string>;

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
    resolver: zodResolver(schema as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
    defaultValues,
  });
}

/** Field errors the server named (400) shown on their fields. */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: FieldErrors,
) {
  for (const [name, message] of Object.entries(fields))
    setError(name as Path<T>, { type: 'server', message });
}
