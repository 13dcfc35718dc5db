import { z } from 'zod';
import { recordVersion } from '../../shared/schemas/record-version.ts';
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
      issue.code === 'unrecognized_keys'
        ? [...issue.path, issue.keys.join(', ')].join('.')
        : issue.path.join('.') || '_';
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

const versioned = z.object({ version: recordVersion });

/**
 * An edit of a versioned record (issue 25 §2): the version the editor's screen was based on, and
 * the record's fields checked by their own schema (which does not know `version`).
 */
export function parseVersioned<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { version: number; values: z.infer<S> } {
  const { version } = parseInput(versioned, input);
  const { version: _version, ...rest } = input as Record<string, unknown>;
  return { version, values: parseInput(schema, rest) };
}
