import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inviteInput, roleChangeInput } from '../../../shared/schemas/staff.ts';
import { requireRole } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  changeRole,
  deactivateUser,
  endMemberSessions,
  inviteStaff,
  listTeam,
  reactivateUser,
} from './team-service.ts';

const adminOnly = { preHandler: requireRole('admin') };
const userParam = z.strictObject({ id: z.uuid('Not an account id') });

/** Staff management: administrators only, whatever the console shows. */
export async function staffTeamRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/staff/team', adminOnly, async () => ({ members: await listTeam(app.db) }));

  app.post('/api/staff/team/invitations', adminOnly, async (req, reply) => {
    const member = await inviteStaff(app, req.user!, parseInput(inviteInput, req.body));
    return reply.code(201).send(member);
  });

  app.post('/api/staff/team/:id/role', adminOnly, async (req) => {
    const { id } = parseInput(userParam, req.params);
    const { from, role } = parseInput(roleChangeInput, req.body);
    return changeRole(app, req.user!, id, from, role);
  });

  app.post('/api/staff/team/:id/deactivate', adminOnly, async (req) => {
    const { id } = parseInput(userParam, req.params);
    return deactivateUser(app, req.user!, id);
  });

  app.post('/api/staff/team/:id/end-sessions', adminOnly, async (req) => {
    const { id } = parseInput(userParam, req.params);
    return endMemberSessions(app, req.user!, id);
  });

  app.post('/api/staff/team/:id/reactivate', adminOnly, async (req) => {
    const { id } = parseInput(userParam, req.params);
    return reactivateUser(app, req.user!, id);
  });
}
