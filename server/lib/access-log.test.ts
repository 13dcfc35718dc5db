import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { OneLinePerRequest } from './access-log.ts';
import { loggerOptions } from './logger.ts';

const lines: Record<string, unknown>[] = [];
const accessLog = new OneLinePerRequest();
const app = Fastify({
  logger: {
    ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })),
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  },
  logController: accessLog,
});
accessLog.attach(app.log);

beforeAll(async () => {
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/api/quiet/:token', { logLevel: 'silent' }, async () => ({ ok: true }));
  app.get('/api/fail', async () => {
    throw new Error('boom');
  });
  app.get('/api/stream', async (req, reply) => {
    reply.hijack();
    reply.raw.end();
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the access log', () => {
  it('writes one line per request, with method, path, status and time, and no query string or e-mail', async () => {
    await app.inject('/api/things/someone@example.com?token=s3cret&email=a@b.test');
    const [line, ...more] = lines.filter((l) => String(l.url).startsWith('/api/things/'));
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/things/[email]',
      statusCode: 200,
      msg: 'request completed',
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|someone|example\.com|b\.test/);
  });

  it('writes nothing for a route that asked for silence', async () => {
    lines.length = 0;
    await app.inject('/api/quiet/abcdef');
    expect(lines).toEqual([]);
  });

  it('logs a failure as an error with the error', async () => {
    lines.length = 0;
    await app.inject('/api/fail');
    expect(lines.filter((l) => l.level === 50).length).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.url === '/api/fail' && l.statusCode === 500)).toBe(true);
  });

  it('notes an event stream when it opens (it may stay open for long), and again when it ends', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/stream?token=abc', headers: { accept: 'text/event-stream' } });
    expect(lines).toMatchObject([
      { method: 'GET', url: '/api/stream', msg: 'event stream requested' },
      { method: 'GET', url: '/api/stream', msg: 'request completed' },
    ]);
  });
});
