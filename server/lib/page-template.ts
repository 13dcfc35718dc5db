import { createHash } from 'node:crypto';
import { isLocale, localeInfo } from '../../shared/locales.ts';
import {
  pageDataElementId,
  pageStylesElementId,
  type PageData,
} from '../../shared/page-rendering.ts';

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
  /** Tags for the head in place of the template's description (page-head.ts). */
  head?: string;
  appHtml: string;
  pageData: PageData;
  chunks: PageChunks;
  /**
   * The rules of the stylesheets this page's HTML uses (critical-css.ts), written in its head; the
   * stylesheets themselves are then listed for the page's code to add. Without it the page links
   * them in its head, as the template does.
   */
  criticalCss?: string;
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

const stylesheetTag = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/** The template's stylesheet links, taken out (a page with its critical rules inline adds them later). */
export function stylesheetsOut(template: string): { html: string; files: string[] } {
  const files: string[] = [];
  const html = template.replace(stylesheetTag, (_tag, href: string) => {
    files.push(href);
    return '';
  });
  return { html, files };
}

/**
 * The one inline script of a server-rendered page (allowed by its hash in the CSP), at the end of
 * its body: it fetches the page's code, all chunks at once, and React takes the page over.
 * - On a fast line it waits until the browser has painted the page the server sent (two frames
 *   on): the code would otherwise arrive and run before that first paint (decision 0031).
 * - On a slow line (the browser's Network Information says 3G or slower, or the reader asked to
 *   save data) the code cannot arrive before the paint, and each frame waited is a frame later
 *   that taps work: it starts at once, the HTML being all here (decision 0037).
 * - A tab opened in the background paints nothing and runs no frames: its code comes at once.
 */
export const bootScript =
  `(function(){var d=document,c=navigator.connection;function go(){` +
  `var f=JSON.parse(d.getElementById('${pageCodeElementId}').textContent),h=d.head;` +
  `f.slice(1).forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
  `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=f[0];h.appendChild(s)}` +
  `if(d.visibilityState==='hidden'||(c&&(c.saveData||/2g|3g/.test(c.effectiveType))))go();` +
  `else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})})()`;

export const bootScriptHash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

/**
 * The first inline script of a server-rendered page, in its head (issue 26 §1): until the page's
 * code has taken over, a tap on a button that needs the code (not a link, not a field, not a
 * form sent by GET, which the browser does alone) is kept and the text typed in a field noted;
 * web/lib/early-input.ts replays both once the page is hydrated. A form sent by POST is kept the
 * same way (its fields would otherwise be dropped by earlyFormPosts). Two taps in a row on one
 * button are one (the student tapped again because nothing happened).
 */
export const earlyInputScript =
  `(function(){var d=document,q=[],v=[],on=1;` +
  `function c(e){if(!on)return;var t=e.target;t=t&&t.nodeType===1?t:t&&t.parentElement;if(!t)return;` +
  `var b=t.closest('a[href],button,[role=button],summary,input,select,textarea,label');` +
  `if(!b||b.tagName==='A'||(b.tagName!=='BUTTON'&&b.getAttribute('role')!=='button'))return;` +
  `var f=b.form;if(b.tagName==='BUTTON'&&b.type==='submit'&&f&&/^get$/i.test(f.getAttribute('method')||''))return;` +
  `e.preventDefault();e.stopPropagation();if(q[q.length-1]!==b)q.push(b)}` +
  `function s(e){var f=e.target;if(!on||/^get$/i.test(f.getAttribute('method')||''))return;e.preventDefault();if(q[q.length-1]!==f)q.push(f)}` +
  `function i(e){var t=e.target;if(!on||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)||/^(checkbox|radio|file)$/.test(t.type))return;` +
  `for(var k=0;v.length>k;k++)if(v[k][0]===t){v[k][1]=t.value;return}v.push([t,t.value])}` +
  `d.addEventListener('click',c,true);d.addEventListener('submit',s,true);d.addEventListener('input',i,true);d.addEventListener('change',i,true);` +
  `window.__earlyInput=function(){on=0;d.removeEventListener('click',c,true);d.removeEventListener('submit',s,true);` +
  `d.removeEventListener('input',i,true);d.removeEventListener('change',i,true);return{taps:q,fields:v}}})()`;

export const earlyInputScriptHash = `'sha256-${createHash('sha256').update(earlyInputScript).digest('base64')}'`;

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
  const inline = parts.criticalCss !== undefined;
  const sheets = inline ? stylesheetsOut(template) : { html: template, files: [] };
  const code = codeAfterFirstPaint(sheets.html, parts.chunks.scripts);
  const chunkStyles = parts.chunks.styles.map((file) => `/${file}`);
  const styles = inline
    ? `<style>${parts.criticalCss!.replace(/<\/style/gi, '<\\/style')}</style>`
    : chunkStyles
        .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
        .join('\n    ');
  const end = [
    `<script type="application/json" id="${pageDataElementId}">${scriptSafeJson(parts.pageData)}</script>`,
    `<script type="application/json" id="${pageCodeElementId}">${scriptSafeJson(code.files)}</script>`,
    ...(inline
      ? [
          `<script type="application/json" id="${pageStylesElementId}">${scriptSafeJson([...sheets.files, ...chunkStyles])}</script>`,
        ]
      : []),
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
    .replace(/<meta\s+name="description"[^>]*>/, (tag) => parts.head ?? tag)
    .replace(
      '</head>',
      () => `  <script>${earlyInputScript}</script>\n  ${styles ? `${styles}\n  ` : ''}</head>`,
    )
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${formsPost(parts.appHtml)}</div>\n    ${end}`,
    );
}
