import type { FastifyInstance } from 'fastify';
import { registerOrphanCleanup } from './orphans.ts';
import { registerDocumentRetention } from './retention.ts';
import { documentRoutes } from './routes.ts';

/** Documents: downloads, new versions and reviews, and the jobs that tidy stored files. */
export async function registerDocuments(app: FastifyInstance): Promise<void> {
  registerOrphanCleanup(app);
  registerDocumentRetention(app);
  await app.register(documentRoutes);
}
