/** A failure the client caused or may act on. Anything else becomes a 500 with no details. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Some fields are not valid.') {
    super('VALIDATION_FAILED', 400, message, fields);
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends AppError {
  constructor(code: string, message: string) {
    super(code, 404, message);
    this.name = 'NotFoundError';
  }
}
