import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { AppError } from './lib/errors.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';

let app: FastifyInstance;
let webDir: string;
let dropDatabase: () => Promise<void>;
const logLines: string[] = [];

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  await mkdir(path.join(webDir, 'assets'));
  for (const file of ['main-Ab12.js', 'main-Ab12.js.map', 'staff-console-Cd34.js.map'])
    await writeFile(path.join(webDir, 'assets', file), `/* ${file} */`);
  const { database, drop } = await createTestDatabase();
  dropDatabase = drop;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: webDir, DATA_DIR: webDir }),
    database,
  };
  app = await buildApp(config, { logStream: { write: (line) => logLines.push(line) } });
  app.get('/api/test/boom', async () => {
    throw new Error(
      'connection to 10.0.0.7 refused: password authentication failed for user "portal"',
    );
  });
  app.post('/api/test/echo', async (req) => req.body);
  app.get('/api/test/teapot', async () => {
    // a code outside the catalogue, as a plugin might throw: it still maps
    throw new AppError('TEAPOT' as never, 418, 'I am a teapot.', { cups: 2 });
  });
});

afterAll(async () => {
  await app.close();
  await dropDatabase();
  await rm(webDir, { recursive: true, force: true });
});

describe('the HTTP shell', () => {
  it('reports a reachable database on /api/health', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('serves index.html for client routes, never cached', async () => {
    for (const url of ['/', '/universities', '/track', '/some/deep/link']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the browser’s code but none of its source maps (issue 22 finding 12)', async () => {
    const code = await app.inject('/assets/main-Ab12.js');
    expect(code.statusCode).toBe(200);
    expect(code.body).toContain('main-Ab12.js');
    for (const map of ['/assets/main-Ab12.js.map', '/assets/staff-console-Cd34.js.map']) {
      const res = await app.inject(map);
      expect(res.statusCode, map).toBe(404);
      expect(res.body, map).not.toContain('.map */');
    }
    // and the build names no map in the code it ships
    const viteConfig = (await import('../vite.config.ts')).default as unknown as (env: {
      command: 'build';
      mode: string;
      isSsrBuild: boolean;
    }) => { build: { sourcemap: unknown } };
    expect(
      viteConfig({ command: 'build', mode: 'production', isSsrBuild: false }).build.sourcemap,
    ).toBe('hidden');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await app.inject('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives API answers the headers of an API: nothing runs, frames or sniffs them as a page', async () => {
    const res = await app.inject('/api/universities');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('gives the site’s files (code, styles, logos, icon) the short headers of a file, not a page’s', async () => {
    for (const url of ['/media/logos/university-of-oxford.svg', '/assets/nothing-here.js']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });

  it('compresses large responses', async () => {
    const res = await app.inject({
      url: '/api/universities',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('gives every response a request id', async () => {
    const a = await app.inject('/api/health');
    const b = await app.inject('/api/health');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('maps an AppError to its status, code, message and params', async () => {
    const res = await app.inject('/api/test/teapot');
    expect(res.statusCode).toBe(418);
    expect(res.json().error).toMatchObject({
      code: 'TEAPOT',
      message: 'I am a teapot.',
      params: { cups: 2 },
    });
  });

  it('never shows internals in a 500', async () => {
    const res = await app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toMatch(/10\.0\.0\.7|password|portal"/);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request could not be understood.');
  });

  it('logs no e-mail address or token from the URL', async () => {
    logLines.length = 0;
    await app.inject('/api/universities?q=someone%40example.com&token=s3cr3t-t0ken');
    await app.inject('/track/someone@example.com');
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/universities');
    expect(logged).not.toMatch(/someone|example\.com|s3cr3t/);
  });
});
