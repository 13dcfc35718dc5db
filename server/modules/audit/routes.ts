import type { FastifyInstance } from 'fastify';
import { auditQuery } from '../../../shared/schemas/staff.ts';
import { requireRole } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import { listAudit } from './service.ts';

export async function auditRoutes(app: FastifyInstance) {
  app.get('/api/staff/audit', { preHandler: requireRole('admin') }, async (req, reply) => {
    const query = parseInput(auditQuery, req.query);
    reply.header('cache-control', 'no-store');
    return listAudit(app.db, query);
  });
}
