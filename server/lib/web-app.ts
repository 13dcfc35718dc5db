import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Serves the built SPA with a history fallback, catalogue media under /media, and a JSON 404
 * for unknown /api paths.
 */
export async function registerWebApp(app: FastifyInstance) {
  const { webDistDir, catalogueDir } = app.config;
  const hasWebBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (!hasWebBuild) app.log.warn('The web app is not built: run `npm run build` to serve it');

  await app.register(fastifyStatic, {
    root: path.join(catalogueDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });

  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isPageRequest =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/media/') &&
      !req.url.startsWith('/assets/');
    if (!isPageRequest) {
      throw new AppError('NOT_FOUND', 404, 'There is nothing at this address.');
    }
    if (!hasWebBuild) {
      return reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build`, then restart.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html', webDistDir);
  });
}
