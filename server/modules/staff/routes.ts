import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../audit/routes.ts';
import { staffApplicationRoutes } from './application-routes.ts';
import { staffContactRequestRoutes } from './contact-request-routes.ts';
import { staffTeamRoutes } from './team-routes.ts';

/** Everything under /api/staff: consultants and admins; team and audit log for admins only. */
export async function staffRoutes(app: FastifyInstance) {
  await app.register(staffApplicationRoutes);
  await app.register(staffContactRequestRoutes);
  await app.register(staffTeamRoutes);
  await app.register(auditRoutes);
}
