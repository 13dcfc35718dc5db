import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareJson, sendPrepared } from './prepared-response.ts';

const large = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item number ${i}` })),
};
const small = { hello: 'world' };
const app = Fastify();

beforeAll(async () => {
  await app.register(compress, { global: true, threshold: 1024 });
  const preparedLarge = prepareJson(large);
  const preparedSmall = prepareJson(small);
  app.get('/large', (req, reply) => sendPrepared(req, reply, preparedLarge, 'public, max-age=60'));
  app.get('/small', (req, reply) => sendPrepared(req, reply, preparedSmall, 'public, max-age=60'));
  await app.ready();
});
afterAll(() => app.close());

describe('prepared responses', () => {
  it('sends the JSON as it is to a reader that accepts no compression, with its tag and caching', async () => {
    const res = await app.inject({ url: '/large' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(res.json()).toEqual(large);
  });

  it('sends brotli or gzip, whichever the reader prefers, and the same data either way', async () => {
    const br = await app.inject({
      url: '/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);
    const gzip = await app.inject({
      url: '/large',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    const refused = await app.inject({
      url: '/large',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(large);
  });

  it('answers 304 with no body to a reader that has the current version, in any of its tag forms', async () => {
    const { etag } = (await app.inject({ url: '/large' })).headers as { etag: string };
    for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const res = await app.inject({ url: '/large', headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await app.inject({ url: '/large', headers: { 'if-none-match': 'W/"older"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('leaves a small body uncompressed, and the compression plugin leaves it alone too', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(small);
  });

  it('gives different data different tags', () => {
    expect(prepareJson({ a: 1 }).etag).not.toBe(prepareJson({ a: 2 }).etag);
    expect(prepareJson({ a: 1 }).etag).toBe(prepareJson({ a: 1 }).etag);
  });
});
