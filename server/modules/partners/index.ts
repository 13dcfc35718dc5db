import type { FastifyInstance } from 'fastify';
import { PartnerLive } from './live.ts';
import { partnerRoutes } from './routes.ts';
import { partnerStaffRoutes } from './staff-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    partnerLive: PartnerLive;
  }
}

/** Partners (D20, decision 0041): their portal, the console's side, commission. After applications. */
export async function registerPartners(app: FastifyInstance): Promise<void> {
  app.decorate('partnerLive', new PartnerLive(app.db, app.applicationFeed, app.log));
  await app.register(partnerRoutes);
  await app.register(partnerStaffRoutes);
}

export { createCommissionLine } from './commission.ts';
