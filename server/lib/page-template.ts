import { createHash } from 'node:crypto';
import { isLocale, localeInfo } from '../../shared/locales.ts';
import { pageDataElementId, type PageData } from '../../shared/page-rendering.ts';

/** Vite's build manifest (dist/web/.vite/manifest.json), keyed by source path relative to web/. */
export type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }
>;

export interface PageChunks {
  scripts: string[];
  styles: string[];
}

/** The files of the given modules' chunks and of everything they import, the entry's excepted. */
export function chunksOf(manifest: ViteManifest, modules: string[]): PageChunks {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** JSON inside <script type="application/json">: no "</script>" or comment opener can close it early. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PageParts {
  locale: string;
  title: string;
  appHtml: string;
  pageData: PageData;
  chunks: PageChunks;
}

/**
 * A form the server renders posts: submitted before the scripts have taken over, its fields go in
 * the request body (answered by showing the page again), never in the address as a GET would put
 * them (D4: no e-mail in a URL). React's own submit handling replaces this once hydrated.
 */
export const formsPost = (html: string) =>
  html.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');

/** Where a server-rendered page lists its code (the entry first) for the boot script. */
export const pageCodeElementId = 'page-code';

/**
 * The one inline script of a server-rendered page (allowed by its hash in the CSP): once the
 * browser has painted the page the server sent (two frames on), it fetches the page's code, all
 * chunks at once, and React takes the page over. The first paint never waits for the code, or
 * shares the line with it (decision 0031).
 */
export const bootScript =
  `(function(){var d=document;function go(){` +
  `var f=JSON.parse(d.getElementById('${pageCodeElementId}').textContent),h=d.head;` +
  `f.slice(1).forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
  `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=f[0];h.appendChild(s)}` +
  // a tab opened in the background paints nothing and runs no frames: its code comes at once
  `if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})})()`;

export const bootScriptHash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

const moduleTags =
  /\s*<(?:script type="module"[^>]*src="([^"]+)"[^>]*><\/script>|link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>)/g;

/** The template's module script and preloads, taken out: the boot script loads them after first paint. */
export function codeAfterFirstPaint(
  template: string,
  chunks: string[],
): { html: string; files: string[] } {
  let entry = '';
  const preloads: string[] = [];
  const html = template.replace(moduleTags, (_tag, script?: string, preload?: string) => {
    if (script) entry = script;
    else if (preload) preloads.push(preload);
    return '';
  });
  const files = [entry, ...new Set([...preloads, ...chunks.map((file) => `/${file}`)])];
  return { html, files };
}

/**
 * The built index.html with the rendered page in #root, its data in a JSON block (not a script),
 * its title and language, its styles, and at the end of the body the list of its code and the boot
 * script that fetches it after the first paint (an inline script there blocks no parsing).
 */
export function assemblePage(template: string, parts: PageParts): string {
  const code = codeAfterFirstPaint(template, parts.chunks.scripts);
  const styles = parts.chunks.styles
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('\n    ');
  const end = [
    `<script type="application/json" id="${pageDataElementId}">${scriptSafeJson(parts.pageData)}</script>`,
    `<script type="application/json" id="${pageCodeElementId}">${scriptSafeJson(code.files)}</script>`,
    `<script>${bootScript}</script>`,
  ].join('\n    ');
  return code.html
    .replace(/<html lang="[^"]*"/, () => {
      const info = isLocale(parts.locale)
        ? localeInfo[parts.locale]
        : { tag: parts.locale, dir: 'ltr' };
      return `<html lang="${escapeHtml(info.tag)}" dir="${info.dir}"`;
    })
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => (styles ? `  ${styles}\n  </head>` : '</head>'))
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${formsPost(parts.appHtml)}</div>\n    ${end}`,
    );
}
