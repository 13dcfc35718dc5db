import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../tests/factories/application-stream.ts';
import { liveStreamRoute, SseStreams } from './sse.ts';

const streams = new SseStreams();
const app = Fastify();
let baseUrl: string;

beforeAll(async () => {
  await app.register(compress, { global: true, threshold: 1 });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-request-id', 'kept');
  });
  app.addHook('preClose', async () => streams.closeAll());
  app.get('/stream', liveStreamRoute, async (req, reply) => {
    const stream = streams.start(req, reply, { heartbeatMs: 50, maxAgeMs: 400, retryMs: 1234 });
    stream.send('greeting', JSON.stringify({ hello: 'world' }));
    return reply;
  });
  app.get('/unmarked', async (req, reply) => {
    streams.start(req, reply);
    return reply;
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => app.close());

describe('server-sent event streams', () => {
  it('refuses to start on a route not marked as a live stream, so tests that inject every route skip every stream', async () => {
    const res = await app.inject({ method: 'GET', url: '/unmarked' });
    expect(res.statusCode).toBe(500);
    expect(streams.size).toBe(0);
  });

  it('sends a retry hint, events, and heartbeat comments, uncompressed, with the headers set before', async () => {
    const stream = await openEventStream(`${baseUrl}/stream`, { 'accept-encoding': 'gzip' });
    try {
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('x-request-id')).toBe('kept');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(await stream.next()).toEqual({ event: 'greeting', data: '{"hello":"world"}' });
      expect(stream.retry).toBe(1234);
      await expect.poll(() => stream.comments.length).toBeGreaterThanOrEqual(2);
      expect(stream.comments[0]).toBe('ping');
    } finally {
      stream.close();
    }
  });

  it('ends a stream after its maximum age, so the browser reconnects and is authorised again', async () => {
    const stream = await openEventStream(`${baseUrl}/stream`);
    await stream.waitForEnd(3_000);
    expect(stream.ended).toBe(true);
  });

  it('forgets a stream whose client went away', async () => {
    const stream = await openEventStream(`${baseUrl}/stream`);
    await stream.next();
    expect(streams.size).toBeGreaterThanOrEqual(1);
    stream.close();
    await expect.poll(() => streams.size).toBe(0);
  });
});
