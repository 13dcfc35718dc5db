import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCriticalCss, type CriticalCss } from './critical-css.ts';
import { stylesheetsOut, type ViteManifest } from './page-template.ts';

/** A CSP source allowing an inline block with exactly this text. */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The rules of the site's stylesheets that a page's HTML uses (decision 0037), or null when a
 * stylesheet cannot be read (the page then links them as the template does).
 */
export async function criticalStyles(
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
