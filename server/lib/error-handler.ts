import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error.ts';
import { errorEnglish, type ErrorCode } from '../../shared/error-codes.ts';
import { AppError, FieldRefusal, ValidationError, VersionConflict } from './errors.ts';

function body(error: AppError | { code: ErrorCode; message: string }, requestId: string) {
  const answer: ApiErrorBody['error'] = { code: error.code, message: error.message, requestId };
  if (error instanceof AppError && error.params) answer.params = error.params;
  if (error instanceof ValidationError || error instanceof FieldRefusal) {
    answer.fields = error.fields;
    answer.issues = error.issues;
  }
  if (error instanceof VersionConflict) answer.current = error.current;
  return { error: answer } satisfies ApiErrorBody;
}

const codeOfStatus: Record<number, ErrorCode> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The one place where errors become HTTP answers (D17: a code, its values, English for API clients). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(body(error, req.id));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = codeOfStatus[status] ?? 'BAD_REQUEST';
      const message =
        status === 429
          ? 'Too many requests. Please wait a moment and try again.'
          : errorEnglish(code);
      return reply.code(status).send(body({ code, message }, req.id));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send(body({ code: 'INTERNAL_ERROR', message: errorEnglish('INTERNAL_ERROR') }, req.id));
  });
}
