import type { FastifyServerOptions } from 'fastify';
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

const redactPaths = sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `req.headers["${key}"]`, `res.headers["${key}"]`]);

const emailPattern = /[^\s@/?&=]+@[^\s@/?&=]+\.[^\s@/?&=]+/g;

/** Only the path is logged: query strings may carry tokens, and no URL should carry e-mails. */
export function safeUrl(url: string): string {
  const path = url.split('?')[0] ?? url;
  return path.replace(emailPattern, '[email]');
}

export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req(req) {
        return { id: req.id, method: req.method, url: safeUrl(req.url) };
      },
      res(res) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
