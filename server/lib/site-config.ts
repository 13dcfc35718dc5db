import { readFile } from 'node:fs/promises';
import { siteConfig, type SiteConfig } from '../../shared/schemas/site.ts';

/** The provider's contact details and links (DECISIONS D8), read once at start. */
export async function loadSiteConfig(file: string): Promise<SiteConfig> {
  const result = siteConfig.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues
      .map((i) => `  - ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new Error(`Site configuration ${file} is not valid:\n${problems}`);
  }
  return result.data;
}
