import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlainFormAnswer } from '../../shared/page-rendering.ts';
import {
  isLocale,
  languageCookie,
  languageCookieMaxAge,
  languageQueryParam,
} from '../../shared/locales.ts';
import { AppError } from './errors.ts';
import { createPageRenderer, type PageRenderer } from './page-renderer.ts';
import { sendPrepared } from './prepared-response.ts';
import { securityHeaders, withStyleSource } from './security-headers.ts';

/**
 * Serves the built web app: public pages rendered on the server with their content (when the
 * server renderer is built, dist/ssr), every other address the app's index.html (history
 * fallback); catalogue media under /media, and a JSON 404 for unknown /api paths.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { plainForms?: Record<string, PlainFormHandler> } = {},
) {
  const { webDistDir, catalogueDir } = app.config;
  const hasWebBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (!hasWebBuild) app.log.warn('The web app is not built: run `npm run build` to serve it');
  const pages = hasWebBuild
    ? await createPageRenderer(app, webDistDir, path.join(path.dirname(webDistDir), 'ssr'))
    : null;
  if (hasWebBuild && !pages)
    app.log.warn(
      'The server renderer is not built (dist/ssr): pages are rendered in the browser only',
    );

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
      // the source maps of the browser's code are for the operator, not for every visitor
      globIgnore: ['**/*.map'],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const pageCsp = securityHeaders(app.config)['content-security-policy']!;
  const plainForms = options.plainForms ?? {};
  if (pages) {
    await app.register(earlyFormPosts, {
      paths: pages.pagePaths.filter((url) => !(url in plainForms)),
    });
    await app.register(plainFormPosts, { forms: plainForms, pages, pageCsp });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isPageRequest =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/media/') &&
      !req.url.startsWith('/assets/');
    if (!isPageRequest) {
      throw new AppError('NOT_FOUND', 404, 'There is nothing at this address.');
    }
    if (!hasWebBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, then restart.');
    }
    const page = await pages?.render(req).catch((error: unknown) => {
      req.log.error(
        { err: error },
        'server rendering failed: sending the page for the browser to render',
      );
      return null;
    });
    if (page?.styleHash)
      reply.header('content-security-policy', withStyleSource(pageCsp, page.styleHash));
    if (page) reply.code(page.status);
    if (page) rememberAskedLanguage(req.url, reply, app.config.publicUrl);
    if (page?.kind === 'shared')
      return sendPrepared(
        req,
        reply,
        page.body,
        'no-cache',
        'cookie, accept-language, accept-encoding',
      );
    if (page?.kind === 'private') {
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html', webDistDir);
  });
}

/**
 * A page asked for in a language (`?lang=`: a shared link, or the footer's language menu sent
 * before or without the page's scripts) is remembered for the pages after it, as the browser's
 * code does (web/main.tsx): the choice works without scripts too (issue 26 §1).
 */
function rememberAskedLanguage(address: string, reply: FastifyReply, publicUrl: string) {
  const asked = new URL(address, publicUrl).searchParams.get(languageQueryParam);
  if (!isLocale(asked)) return;
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${languageCookie}=${encodeURIComponent(asked)}; Path=/; Max-Age=${languageCookieMaxAge}; SameSite=Lax${secure}`,
  );
}

/** What a form posted to a page without scripts gives the page, from the form's fields. */
export type PlainFormHandler = (
  req: FastifyRequest,
  fields: Record<string, string>,
) => Promise<PlainFormAnswer>;

/**
 * Forms that work without scripts (issue 26 §1): posted to their page, read (URL-encoded, at most
 * 16 KB, each field's last value), answered by the page rendered with what the form gives it, for
 * this request only (personal data: `private, no-store`, never kept).
 */
async function plainFormPosts(
  app: FastifyInstance,
  options: { forms: Record<string, PlainFormHandler>; pages: PageRenderer; pageCsp: string },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  for (const [url, handler] of Object.entries(options.forms)) {
    app.post(url, { bodyLimit: 16 * 1024 }, async (req, reply) => {
      const fields = (req.body ?? {}) as Record<string, string>;
      const page = await options.pages.render(req, await handler(req, fields));
      if (!page) return reply.code(303).header('location', url).send();
      if (page.styleHash)
        reply.header('content-security-policy', withStyleSource(options.pageCsp, page.styleHash));
      const html = page.kind === 'private' ? page.html : page.body.identity;
      return reply
        .code(page.status)
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
}

/**
 * A form on a server-rendered page that is submitted before the page's scripts have run arrives
 * here as a POST (see formsPost): its body is dropped unread and the page is shown again.
 */
async function earlyFormPosts(app: FastifyInstance, options: { paths: string[] }) {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    (_req, payload, done) => {
      payload.resume();
      payload.once('end', () => done(null, null));
      payload.once('error', done);
    },
  );
  for (const url of options.paths) {
    app.post(url, { bodyLimit: 1024 * 1024 }, (req, reply) =>
      reply.code(303).header('location', url).header('cache-control', 'no-store').send(),
    );
  }
}
