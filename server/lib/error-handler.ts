import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error.ts';
import { AppError } from './errors.ts';

function body(
  code: string,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), requestId } };
}

/** The one place where errors become HTTP answers. A 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
      return reply
        .code(error.statusCode)
        .send(body(error.code, error.message, req.id, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'This content type is not supported.'
            : status === 429
              ? 'Too many requests. Please wait a moment and try again.'
              : 'The request could not be understood.';
      return reply
        .code(status)
        .send(body(status === 413 ? 'PAYLOAD_TOO_LARGE' : code, message, req.id));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send(
        body('INTERNAL_ERROR', 'Something went wrong on our side. Please try again later.', req.id),
      );
  });
}
