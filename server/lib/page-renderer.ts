import { createHash } from 'node:crypto';
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
import type { RenderInput, ServerRenderer } from '../../shared/page-rendering.ts';
import { internalRequestHeader } from './access-log.ts';
import { prepareBody, type PreparedBody } from './prepared-response.ts';
import { createCriticalCss, type CriticalCss } from './critical-css.ts';
import { assemblePage, chunksOf, stylesheetsOut, type ViteManifest } from './page-template.ts';

/** A rendered page, and the hash of its inline styles for its CSP (`'sha256-…'`), if it has some. */
export type RenderedResponse =
  | { kind: 'shared'; body: PreparedBody; styleHash?: string }
  | { kind: 'private'; html: string; styleHash?: string };

export interface PageRenderer {
  /** The addresses rendered on the server. */
  pagePaths: string[];
  /** The page as HTML holding its content, or null for an address the browser renders alone. */
  render(req: FastifyRequest): Promise<RenderedResponse | null>;
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
  const cache = new Map<string, { body: PreparedBody; styleHash?: string }>();
  const inlineStyles = await criticalStyles(webDistDir, template, manifest);

  async function fetchJson(
    pathAndQuery: string,
    cookie?: string,
  ): Promise<{ body: unknown; etag: string } | null> {
    const res = await app.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: {
        accept: 'application/json',
        [internalRequestHeader.name]: internalRequestHeader.value,
        ...(cookie ? { cookie } : {}),
      },
    });
    if (res.statusCode !== 200) return null;
    return { body: res.json(), etag: String(res.headers.etag ?? '') };
  }

  return {
    pagePaths: entry.pagePaths,
    async render(req) {
      const url = new URL(req.url, app.config.publicUrl);
      const plan = entry.planPage(url);
      if (!plan) return null;
      const cookie = req.headers.cookie;
      const session = cookie
        ? (((await fetchJson(entry.sessionPath, cookie))?.body as RenderInput['session']) ?? null)
        : null;
      const fetched = await Promise.all(plan.queries.map((q) => fetchJson(q.path)));
      if (fetched.some((f) => f === null)) {
        req.log.warn({ url: url.pathname }, 'page data unavailable: sending the page without it');
        return null;
      }
      const locale = resolveLocale(req, url, session);
      const cacheKey = session
        ? null
        : [locale, url.pathname + url.search, ...fetched.map((f) => f!.etag)].join('\n');
      const cached = cacheKey ? cache.get(cacheKey) : undefined;
      if (cached) return { kind: 'shared', ...cached };

      const rendered = await entry.renderPage({
        url,
        locale,
        data: plan.queries.map((q, i) => ({ queryKey: q.queryKey, data: fetched[i]!.body })),
        session,
      });
      // the page's messages in its language are fetched with the page's code, not after it
      const chunks = chunksOf(manifest, [...plan.modules, ...plan.messageModules(locale)]);
      const criticalCss = inlineStyles?.(rendered.html, chunks.styles);
      const html = assemblePage(template, {
        locale,
        title: rendered.title,
        appHtml: rendered.html,
        pageData: { locale, queries: rendered.queries },
        chunks,
        criticalCss,
      });
      const styleHash = criticalCss === undefined ? undefined : cspHash(criticalCss);
      if (!cacheKey) return { kind: 'private', html, styleHash };
      const body = prepareBody(html, 'text/html; charset=utf-8');
      if (cache.size >= maxCachedPages) cache.delete(cache.keys().next().value!);
      cache.set(cacheKey, { body, styleHash });
      return { kind: 'shared', body, styleHash };
    },
  };
}

/** A CSP source allowing an inline block with exactly this text. */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The rules of the site's stylesheets that a page's HTML uses (decision 0037), or null when a
 * stylesheet cannot be read (the page then links them as the template does).
 */
async function criticalStyles(
  webDistDir: string,
  template: string,
  manifest: ViteManifest,
): Promise<((html: string, chunkStyles: string[]) => string) | null> {
  const sheets = new Map<string, CriticalCss>();
  const load = async (href: string) => {
    if (sheets.has(href)) return;
    const file = path.join(webDistDir, href.replace(/^\//, ''));
    if (!file.startsWith(webDistDir) || !existsSync(file)) throw new Error(`no stylesheet ${href}`);
    sheets.set(href, createCriticalCss(await readFile(file, 'utf8')));
  };
  try {
    for (const href of stylesheetsOut(template).files) await load(href);
    for (const chunk of Object.values(manifest))
      for (const file of chunk.css ?? []) await load(`/${file}`);
  } catch {
    return null;
  }
  const templateSheets = stylesheetsOut(template).files;
  return (html, chunkStyles) =>
    [...templateSheets, ...chunkStyles.map((file) => `/${file}`)]
      .map((href) => sheets.get(href)?.for(html) ?? '')
      .join('');
}
