import type { FastifyInstance } from 'fastify';
import { registerKeptCaseRetention } from './kept-case-retention.ts';
import { PersonalDataRegistry } from './registry.ts';
import { personalDataRoutes } from './routes.ts';
import { registerBuiltInSources } from './sources.ts';

export type { DataSubject, ErasurePlan, ExportFile, PersonalDataSource } from './registry.ts';

/**
 * Data rights (UK GDPR articles 15, 17, 20): `app.personalData`, the account's, applications' and
 * messages' sources, the export and erasure routes, and the job that erases kept cases once their
 * retention has run out (D16). Register after applications and the scheduler.
 */
export async function registerPersonalData(app: FastifyInstance): Promise<void> {
  app.decorate('personalData', new PersonalDataRegistry());
  registerBuiltInSources(app);
  registerKeptCaseRetention(app);
  await app.register(personalDataRoutes);
}
