import {
  errorEnglish,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
  type FieldIssue,
} from '../../shared/error-codes.ts';

/** A field's problem: a catalogue code, English words (code `custom`), or a code with values. */
export type FieldProblem = string | (FieldIssue & { english?: string });

/**
 * A failure the client caused or may act on (D17): a code of shared/error-codes.ts with its values;
 * `message` is the English for API clients (the catalogue's, unless the throw site says more).
 * Anything else becomes a 500 with no details.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly params?: ErrorParams,
  ) {
    super(message ?? errorEnglish(code, params));
    this.name = 'AppError';
  }
}

/**
 * A 400 naming fields: each field's English (for API clients) in `fields` and its code and values
 * in `issues` (what a screen shows, in the reader's language).
 */
export class ValidationError extends AppError {
  readonly fields: Record<string, string>;
  readonly issues: Record<string, FieldIssue>;

  constructor(problems: Record<string, FieldProblem>, message = 'Some fields are not valid.') {
    super('VALIDATION_FAILED', 400, message);
    this.name = 'ValidationError';
    this.fields = {};
    this.issues = {};
    for (const [field, problem] of Object.entries(problems)) {
      const { english, ...issue } =
        typeof problem === 'string'
          ? isErrorCode(problem)
            ? { code: problem }
            : { code: 'custom', english: problem }
          : problem;
      this.fields[field] =
        english ?? (isErrorCode(issue.code) ? errorEnglish(issue.code, issue.params) : 'Invalid');
      this.issues[field] = issue;
    }
  }
}

/**
 * A refusal of one field with its own code and status (a document too large, empty or of the wrong
 * type): the field is named in `fields` (English) and `issues` (its code and values), as a
 * ValidationError names its fields.
 */
export class FieldRefusal extends AppError {
  readonly fields: Record<string, string>;
  readonly issues: Record<string, FieldIssue>;

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string,
    field: string,
    english: string,
    params?: ErrorParams,
  ) {
    super(code, statusCode, message, params);
    this.name = 'FieldRefusal';
    this.fields = { [field]: english };
    this.issues = { [field]: params ? { code, params } : { code } };
  }
}

export class NotFoundError extends AppError {
  constructor(code: ErrorCode, message?: string) {
    super(code, 404, message);
    this.name = 'NotFoundError';
  }
}

/** The one "no such application" (a wrong id and someone else's look the same). */
export const applicationNotFound = () => new NotFoundError('APPLICATION_NOT_FOUND');

/**
 * A save based on an older version than the stored one (issue 25 §2, decision 0040): 409 with the
 * record as it is now, so the screen shows what changed and keeps the person's own input.
 */
export class VersionConflict extends AppError {
  constructor(
    code: ErrorCode,
    readonly current: unknown,
  ) {
    super(code, 409);
    this.name = 'VersionConflict';
  }
}
