import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { OneLinePerRequest } from './access-log.ts';
import { lazyRequestLoggers } from './lazy-request-logger.ts';
import { loggerOptions } from './logger.ts';

const lines: Record<string, unknown>[] = [];
const accessLog = new OneLinePerRequest();
const app = Fastify({
  logger: {
    ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })),
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  },
  logController: accessLog,
  childLoggerFactory: lazyRequestLoggers,
});
accessLog.attach(app.log);

beforeAll(async () => {
  app.get('/api/warns', async (req) => {
    req.log.warn(
      { email: 'someone@example.com', user: { passportNumber: 'X1234567' } },
      'something odd',
    );
    req.log.debug('below the level: not written');
    return { ok: true };
  });
  app.get('/api/debugs', { logLevel: 'debug' }, async (req) => {
    req.log.debug('written: this route logs at debug');
    return { ok: true };
  });
  app.get('/api/quiet', { logLevel: 'silent' }, async (req) => {
    req.log.error('never written');
    return { ok: true };
  });
  app.get('/api/child', async (req) => {
    req.log.child({ step: 'upload' }).info('from a child of the request');
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

describe("a request's logger, made only when the request logs", () => {
  it('writes a line with the request id, redacted as any other line, and keeps the level', async () => {
    lines.length = 0;
    const answer = await app.inject('/api/warns');
    const reqId =
      answer.headers['x-request-id'] ?? lines.find((l) => l.msg === 'request completed')?.reqId;
    expect(typeof reqId).toBe('string');
    const warned = lines.filter((l) => l.msg === 'something odd');
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      level: 40,
      reqId,
      email: '[redacted]',
      user: { passportNumber: '[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/someone@|X1234567|below the level/);
  });

  it("follows a route's own level, lower or silent", async () => {
    lines.length = 0;
    await app.inject('/api/debugs');
    await app.inject('/api/quiet');
    expect(lines.map((l) => l.msg)).toContain('written: this route logs at debug');
    expect(lines.map((l) => l.msg)).not.toContain('never written');
  });

  it('gives children that carry the request id and their own bindings', async () => {
    lines.length = 0;
    await app.inject('/api/child');
    const line = lines.find((l) => l.msg === 'from a child of the request');
    expect(line).toMatchObject({ step: 'upload' });
    expect(typeof line?.reqId).toBe('string');
  });
});
