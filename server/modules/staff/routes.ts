import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../audit/routes.ts';
import { staffApplicationPrivacyRoutes } from './application-privacy.ts';
import { staffApplicationRoutes } from './application-routes.ts';
import { staffContactRequestRoutes } from './contact-request-routes.ts';
import { staffMailRoutes } from './mail-routes.ts';
import { staffTeamRoutes } from './team-routes.ts';

/** Everything under /api/staff: consultants and admins; team, audit log and mail outbox for admins only. */
export async function staffRoutes(app: FastifyInstance) {
  await app.register(staffApplicationRoutes);
  await app.register(staffApplicationPrivacyRoutes);
  await app.register(staffContactRequestRoutes);
  await app.register(staffTeamRoutes);
  await app.register(auditRoutes);
  await app.register(staffMailRoutes);
}
