import type { FastifyInstance } from 'fastify';
import { publicSiteConfig } from '../../../shared/schemas/site.ts';
import { prepareJson, sendPrepared } from '../../lib/prepared-response.ts';

/** The site configuration (D8) is read once at start, so its answer is prepared once too. */
export async function siteRoutes(app: FastifyInstance) {
  const site = prepareJson(publicSiteConfig(app.site));
  app.get('/api/site', (req, reply) => sendPrepared(req, reply, site, 'public, max-age=300'));
}
