import type { FastifyInstance } from 'fastify';
import { PersonalDataRegistry } from './registry.ts';
import { personalDataRoutes } from './routes.ts';
import { registerBuiltInSources } from './sources.ts';

export type { DataSubject, ExportFile, PersonalDataSource } from './registry.ts';

/**
 * Data rights (UK GDPR articles 15, 17, 20): `app.personalData`, the account's, applications' and
 * messages' sources, and the export and erasure routes. Register after applications.
 */
export async function registerPersonalData(app: FastifyInstance): Promise<void> {
  app.decorate('personalData', new PersonalDataRegistry());
  registerBuiltInSources(app);
  await app.register(personalDataRoutes);
}
