import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses input with a shared schema; failures name each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key =
      issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.') || '_';
    fields[key] ??= issue.code === 'unrecognized_keys' ? 'Unknown field' : issue.message;
  }
  const names = Object.keys(fields).join(', ');
  throw new ValidationError(fields, `Invalid value for ${names}.`);
}
