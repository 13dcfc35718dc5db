import type { FastifyInstance } from 'fastify';
import { registerLateDigest } from './owners.ts';
import { caseworkRoutes } from './routes.ts';

/** Casework: requests, messages, outcomes and owners, and the daily digest of late cases. */
export async function registerCasework(app: FastifyInstance): Promise<void> {
  await app.register(caseworkRoutes);
  registerLateDigest(app);
}
