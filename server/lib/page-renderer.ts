import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chooseLocale,
  languageCookie,
  languageQueryParam,
  parseAcceptLanguage,
  readCookie,
  type Locale,
} from '../../shared/locales.ts';
import type { PlainFormAnswer, RenderInput, ServerRenderer } from '../../shared/page-rendering.ts';
import { internalRequestHeader } from './access-log.ts';
import { prepareBody, type PreparedBody } from './prepared-response.ts';
import { headLinks } from './page-head.ts';
import { cspHash, criticalStyles } from './page-styles.ts';
import { assemblePage, chunksOf, type ViteManifest } from './page-template.ts';

/** A rendered page, and the hash of its inline styles for its CSP (`'sha256-…'`), if it has some. */
export type RenderedResponse = { styleHash?: string; status: number } & (
  { kind: 'shared'; body: PreparedBody } | { kind: 'private'; html: string }
);

export interface PageRenderer {
  /** The addresses rendered on the server. */
  pagePaths: string[];
  /**
   * The page as HTML holding its content, or null for an address the browser renders alone.
   * `answer`: what a form posted without scripts gives the page (rendered for this request only).
   */
  render(req: FastifyRequest, answer?: PlainFormAnswer): Promise<RenderedResponse | null>;
}

/**
 * The language a page is rendered in (D14, decision 0025): `?lang=` of a shared link, then the
 * choice remembered in this browser (cookie), then the signed-in account's, then Accept-Language.
 */
export function resolveLocale(
  req: FastifyRequest,
  url: URL,
  session: RenderInput['session'],
): Locale {
  const account = (session?.user as { language?: unknown } | null | undefined)?.language;
  return chooseLocale({
    query: url.searchParams.get(languageQueryParam),
    remembered: readCookie(req.headers.cookie, languageCookie),
    account: typeof account === 'string' ? account : null,
    accepted: parseAcceptLanguage(req.headers['accept-language']),
  });
}

const maxCachedPages = 500;

/**
 * First paint from HTML: public pages are rendered on the server by the web app's own components
 * (the SSR build, dist/ssr), with the data they show fetched in process from the public API, so
 * the HTML follows the catalogue as it is now. Pages for visitors without a session are kept,
 * keyed by address, language and the version (ETag) of every piece of data they show, and sent
 * prepared (ETag, brotli, gzip); pages for a signed-in user are rendered for them and not kept.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webDistDir: string,
  ssrDir: string,
): Promise<PageRenderer | null> {
  const entryFile = path.join(ssrDir, 'entry-server.js');
  const manifestFile = path.join(webDistDir, '.vite/manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const template = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest;
  const entry = ((await import(pathToFileURL(entryFile).href)) as { renderer: ServerRenderer })
    .renderer;
  const cache = new Map<string, { body: PreparedBody; styleHash?: string; status: number }>();
  const inlineStyles = await criticalStyles(webDistDir, template, manifest);

  async function fetchJson(
    pathAndQuery: string,
    cookie?: string,
  ): Promise<{ body: unknown; etag: string } | { missing: true } | null> {
    const res = await app.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: {
        accept: 'application/json',
        [internalRequestHeader.name]: internalRequestHeader.value,
        ...(cookie ? { cookie } : {}),
      },
    });
    // nothing by that id, or no id it could be
    if (res.statusCode === 404 || res.statusCode === 400) return { missing: true };
    if (res.statusCode !== 200) return null;
    return { body: res.json(), etag: String(res.headers.etag ?? '') };
  }
  const found = (answer: Awaited<ReturnType<typeof fetchJson>>) =>
    answer && 'body' in answer ? answer : null;

  return {
    pagePaths: entry.pagePaths,
    async render(req, formAnswer) {
      const url = new URL(req.url, app.config.publicUrl);
      const plan = entry.planPage(url);
      if (!plan) return null;
      const cookie = req.headers.cookie;
      const session = cookie
        ? ((found(await fetchJson(entry.sessionPath, cookie))?.body as RenderInput['session']) ??
          null)
        : null;
      const fetched = await Promise.all(plan.queries.map((q) => fetchJson(q.path)));
      // the page's subject (a program) the API does not know: the page says so, answered 404
      const isMissing = plan.queries.some(
        (q, i) => q.isSubject && fetched[i] && 'missing' in fetched[i],
      );
      const data = fetched.map(found);
      if (!isMissing && data.some((answer) => answer === null)) {
        req.log.warn({ url: url.pathname }, 'page data unavailable: sending the page without it');
        return null;
      }
      const status = isMissing ? 404 : (plan.status ?? 200);
      const locale = resolveLocale(req, url, session);
      const cacheKey =
        session || formAnswer
          ? null
          : [locale, url.pathname + url.search, ...data.map((answer) => answer?.etag ?? '-')].join(
              '\n',
            );
      const cached = cacheKey ? cache.get(cacheKey) : undefined;
      if (cached) return { kind: 'shared', ...cached };

      const rendered = await entry.renderPage({
        url,
        locale,
        data: [
          ...plan.queries.map((q, i) => ({ queryKey: q.queryKey, data: data[i]?.body ?? null })),
          ...(formAnswer ?? []),
        ],
        session,
      });
      // the page's messages in its language are fetched with the page's code, not after it
      const chunks = chunksOf(manifest, [...plan.modules, ...plan.messageModules(locale)]);
      const criticalCss = inlineStyles?.(rendered.html, chunks.styles);
      const html = assemblePage(template, {
        locale,
        title: rendered.title,
        head: headLinks(url, app.config.publicUrl, rendered.description, status),
        appHtml: rendered.html,
        pageData: { locale, queries: rendered.queries },
        chunks,
        criticalCss,
      });
      const styleHash = criticalCss === undefined ? undefined : cspHash(criticalCss);
      if (!cacheKey) return { kind: 'private', html, styleHash, status };
      const body = prepareBody(html, 'text/html; charset=utf-8');
      if (cache.size >= maxCachedPages) cache.delete(cache.keys().next().value!);
      cache.set(cacheKey, { body, styleHash, status });
      return { kind: 'shared', body, styleHash, status };
    },
  };
}
