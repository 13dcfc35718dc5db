import type { z } from 'zod';
import { errorEnglish, fieldIssue, isErrorCode } from '../../shared/error-codes.ts';
import { ValidationError, type FieldProblem } from './errors.ts';

/**
 * Parses input with a shared schema; failures name each field with its code and values (D17) and,
 * for API clients, English words: the catalogue's when the schema's message is a code.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems: Record<string, FieldProblem> = {};
  for (const issue of result.error.issues) {
    const key =
      issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.') || '_';
    if (problems[key]) continue;
    const { code, params } = fieldIssue(issue as never);
    const english =
      issue.code === 'unrecognized_keys'
        ? 'Unknown field'
        : isErrorCode(issue.message)
          ? errorEnglish(issue.message, params)
          : issue.message;
    problems[key] = params ? { code, params, english } : { code, english };
  }
  const names = Object.keys(problems).join(', ');
  throw new ValidationError(problems, `Invalid value for ${names}.`);
}
