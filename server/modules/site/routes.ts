import type { FastifyInstance } from 'fastify';
import { publicSiteConfig } from '../../../shared/schemas/site.ts';
import { prepareJson, sendPrepared } from '../../lib/prepared-response.ts';
import type { CatalogueIndex } from '../catalogue/catalogue-index.ts';

/**
 * The site configuration (D8) is read once at start; its Latest Updates are edited in the console
 * and come with the catalogue (issue 26 §3), so the answer is prepared once per catalogue.
 */
export async function siteRoutes(app: FastifyInstance) {
  const fixed = publicSiteConfig(app.site);
  const prepared = new WeakMap<CatalogueIndex, ReturnType<typeof prepareJson>>();
  app.get('/api/site', (req, reply) => {
    const catalogue = app.catalogue.current();
    let answer = prepared.get(catalogue);
    if (!answer) {
      answer = prepareJson({ ...fixed, latestUpdates: catalogue.latestUpdates });
      prepared.set(catalogue, answer);
    }
    return sendPrepared(req, reply, answer, 'public, max-age=300');
  });
}
