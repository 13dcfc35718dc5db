import { get, useFormContext, type FieldPath } from 'react-hook-form';
import { useErrorText } from '../../lib/error-text';
import type { DetailValues } from './details-values';

/** A field of issue 25 §3's sections: registered with react-hook-form, its error in the reader's language. */
export function useDetailField() {
  const { register, formState } = useFormContext<DetailValues>();
  const errorText = useErrorText();
  return (name: FieldPath<DetailValues>, label: string) => ({
    ...register(name),
    label,
    error: errorText(get(formState.errors, name), { field: label }) || undefined,
  });
}
