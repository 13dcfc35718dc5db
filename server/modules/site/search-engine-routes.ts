import type { FastifyInstance } from 'fastify';
import { languageQueryParam, localeInfo, locales } from '../../../shared/locales.ts';

/** The public pages worth finding in a search engine; each program's own page comes after them. */
const publicPages = ['/', '/universities', '/programs', '/guide', '/free', '/refer'];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt and sitemap.xml (issue 26): search engines find every public page and each program's
 * own page, in the six languages (`?lang=`), and leave accounts, the console and the API alone.
 */
export async function searchEngineRoutes(app: FastifyInstance) {
  const origin = new URL(app.config.publicUrl).origin;
  app.get('/robots.txt', (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /staff',
          'Disallow: /dashboard',
          'Disallow: /account',
          'Disallow: /application',
          'Disallow: /dev/',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', (_req, reply) => {
    const paths = [
      ...publicPages,
      ...app.catalogue
        .current()
        .programIds()
        .map((id) => `/programs/${encodeURIComponent(id)}`),
    ];
    const address = (path: string, lang?: string) =>
      escapeXml(`${origin}${path}${lang ? `?${languageQueryParam}=${lang}` : ''}`);
    const entry = (path: string) =>
      [
        `<url><loc>${address(path)}</loc>`,
        ...locales.map(
          (lang) =>
            `<xhtml:link rel="alternate" hreflang="${localeInfo[lang].tag}" href="${address(path, lang)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${address(path)}"/></url>`,
      ].join('');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${paths.map(entry).join('\n')}\n</urlset>\n`,
      );
  });
}
