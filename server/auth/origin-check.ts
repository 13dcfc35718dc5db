import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every cookie-authenticated change under /api: a browser sends Origin on
 * such requests, and a page of another site cannot make it ours. (better-auth checks its own
 * endpoints against trustedOrigins as well.)
 */
export function registerOriginCheck(app: FastifyInstance) {
  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', (req, _reply, done) => {
    if (safeMethods.has(req.method) || !req.url.startsWith('/api/')) return done();
    const origin = req.headers.origin;
    const isForeign =
      (origin !== undefined && origin !== ownOrigin) ||
      req.headers['sec-fetch-site'] === 'cross-site';
    if (isForeign)
      return done(
        new AppError(
          'FORBIDDEN_ORIGIN',
          403,
          'This request came from another website and was refused.',
        ),
      );
    done();
  });
}
