import { isLocale, localeInfo } from '../../shared/locales.ts';
import { pageDataElementId, type PageData } from '../../shared/page-rendering.ts';

/** Vite's build manifest (dist/web/.vite/manifest.json), keyed by source path relative to web/. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

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
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

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
export const formsPost = (html: string) => html.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');

/**
 * The built index.html with the rendered page in #root, its data in a JSON block (not a script:
 * the CSP allows no inline script), its title and language, and preloads for its chunks.
 */
export function assemblePage(template: string, parts: PageParts): string {
  const preloads = [
    ...parts.chunks.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...parts.chunks.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  return template
    .replace(/<html lang="[^"]*"/, () => {
      const info = isLocale(parts.locale) ? localeInfo[parts.locale] : { tag: parts.locale, dir: 'ltr' };
      return `<html lang="${escapeHtml(info.tag)}" dir="${info.dir}"`;
    })
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `  ${preloads}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${formsPost(parts.appHtml)}</div>\n    <script type="application/json" id="${pageDataElementId}">${scriptSafeJson(parts.pageData)}</script>`,
    );
}
