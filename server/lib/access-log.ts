import { randomBytes } from 'node:crypto';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { safeUrl } from './logger.ts';

/**
 * Marks requests the server makes to itself (app.inject, e.g. for a page's data): they are part
 * of the request that caused them and get no line of their own. The value is secret, so a client
 * cannot hide its own requests from the log by sending the header.
 */
export const internalRequestHeader = {
  name: 'x-portal-internal',
  value: randomBytes(16).toString('hex'),
} as const;
const isInternal = (req: FastifyRequest) =>
  req.headers[internalRequestHeader.name] === internalRequestHeader.value;

const levels: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const logsInfo = (log: FastifyBaseLogger) => (levels[log.level] ?? Infinity) <= levels.info!;

/**
 * One log line per request, written once the answer has gone out, in place of Fastify's two (one
 * on arrival, one on completion). The line holds only the request id, method, path (never the
 * query string, and no e-mail address: `safeUrl`), status and time, so it skips the redaction
 * pass that every other log line goes through (which cost a quarter of a cached read).
 */
export class OneLinePerRequest extends LogController {
  private log: FastifyBaseLogger | null = null;

  /** Call once the app's logger exists. */
  attach(log: FastifyBaseLogger) {
    this.log = log.child({}, { redact: { paths: [] } });
  }

  /** An event stream may stay open for hours: it gets a line as it opens, and one when it ends. */
  override incomingRequest(req: FastifyRequest): void {
    if (req.headers.accept?.includes('text/event-stream') && logsInfo(req.log)) {
      this.log?.info(
        { reqId: req.id, method: req.method, url: safeUrl(req.url) },
        'event stream requested',
      );
    }
  }

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      reqId: req.id,
      method: req.method,
      url: safeUrl(req.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // a route may log below info (or not at all: logLevel 'silent'); its request logger knows
    else if (logsInfo(req.log) && !isInternal(req)) this.log?.info(line, 'request completed');
  }
}
