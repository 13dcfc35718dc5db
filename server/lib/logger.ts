import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

/** Anything that can hold an e-mail address, a passport number, a password or a token. */
const sensitiveKeys = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'passportNumber',
  'passport_number',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
];

const redactPaths = sensitiveKeys.flatMap((key) => [
  key,
  `*.${key}`,
  `*.*.${key}`,
  `req.headers["${key}"]`,
  `res.headers["${key}"]`,
]);

const emailPattern = /[^\s@/?&=]+@[^\s@/?&=]+\.[^\s@/?&=]+/g;

/** Only the path is logged: query strings may carry tokens, and no URL should carry e-mails. */
export function safeUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // every request's access line passes here: the pattern runs only where an address could be
  return path.includes('@') ? path.replace(emailPattern, '[email]') : path;
}

const sqlState = /^[0-9A-Z]{5}$/;
const digitsRun = /\d[\d\s-]{5,}\d/g;
const tokenLike = /[A-Za-z0-9_-]{24,}(\.[A-Za-z0-9_-]+){0,2}/g;

/** Words of an error message without e-mails, long digit runs (phones, passports) or tokens. */
export function scrubText(text: string): string {
  return text
    .replace(emailPattern, '[email]')
    .replace(tokenLike, '[token]')
    .replace(digitsRun, '[number]');
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** A database error (pg, PGlite) in `error` or its causes: it names the SQLSTATE. */
function databaseError(error: ErrorLike): ErrorLike | null {
  for (
    let e: ErrorLike | undefined = error, depth = 0;
    e && depth < 5;
    e = e.cause as ErrorLike | undefined, depth++
  ) {
    if (typeof e.code === 'string' && sqlState.test(e.code)) return e;
  }
  return null;
}

/**
 * How an error is logged, whatever failed (finding 2): a database error by its SQLSTATE,
 * constraint, table and column, never its message, detail or parameters (they quote the row:
 * names, birth dates, e-mails, passport numbers); any other error by its type and scrubbed
 * message. Stacks keep their frames only.
 */
export function serializeError(value: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (typeof value !== 'object' || value === null)
    return { type: typeof value, message: '', stack: '' };
  const error = value as ErrorLike;
  const type = error.name ?? error.constructor?.name ?? 'Error';
  const frames =
    typeof error.stack === 'string'
      ? error.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .slice(0, 12)
          .join('\n')
      : '';
  const db = databaseError(error);
  if (db) {
    const query = typeof error.query === 'string' ? error.query.slice(0, 300) : undefined;
    return {
      type,
      code: db.code,
      ...(db.constraint ? { constraint: db.constraint } : {}),
      ...(db.table ? { table: db.table } : {}),
      ...(db.column ? { column: db.column } : {}),
      ...(db.routine ? { routine: db.routine } : {}),
      ...(query ? { query } : {}),
      message: 'database error (details withheld: they may quote personal data)',
      stack: frames,
    };
  }
  const code =
    typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined;
  return {
    type,
    ...(code !== undefined ? { code } : {}),
    message: scrubText(String(error.message ?? '')),
    stack: frames,
  };
}

/**
 * Standard output, written asynchronously. Written synchronously, every line waits while the reader
 * of the pipe (a log shipper, a terminal, a parent process) is slow to drain it: under load that
 * stalled half of a read's time in sleep (`npm run bench:profile-read`). Lines waiting are written
 * out when the process exits (pino flushes them); past 32 MB waiting, new lines are dropped rather
 * than memory grown.
 */
export const stdoutLogDestination = () =>
  pino.destination({ dest: 1, sync: false, maxLength: 32 * 1024 * 1024 });

export function loggerOptions(
  config: Config,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      error: serializeError,
      req(req) {
        return { id: req.id, method: req.method, url: safeUrl(req.url) };
      },
      res(res) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
