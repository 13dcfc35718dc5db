import type { FastifyInstance } from 'fastify';
import { draftsSource } from './personal-data.ts';
import { draftRoutes } from './routes.ts';
import { sweepDrafts } from './service.ts';

/**
 * Drafts of the application form (issue 25 §1, decision 0043): routes, the personal-data source
 * and the daily sweep of drafts unused for 30 days. Register after personal data.
 */
export async function registerDrafts(app: FastifyInstance): Promise<void> {
  app.personalData.register(draftsSource);
  app.scheduler.schedule('drafts.sweep', {
    everySeconds: 86_400,
    offsetSeconds: 3 * 3_600,
    run: async () => {
      const removed = await sweepDrafts(app);
      if (removed > 0) app.log.info({ removed }, 'drafts unused for 30 days deleted');
    },
  });
  await app.register(draftRoutes);
}
