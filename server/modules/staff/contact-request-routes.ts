import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactRequestQuery, contactRequestUpdate } from '../../../shared/schemas/staff.ts';
import { caseworkRoles, type ContactRequestType } from '../../../shared/staff-workflow.ts';
import { requireRole } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  getContactRequest,
  listContactRequests,
  markContactRequest,
} from './contact-request-service.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };
const idParam = z.strictObject({ id: z.uuid('Not a request id') });
const paths: Record<ContactRequestType, string> = {
  referral: 'referrals',
  partnership: 'partnerships',
};

export async function staffContactRequestRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const [type, path] of Object.entries(paths) as [ContactRequestType, string][]) {
    app.get(`/api/staff/${path}`, staffOnly, async (req) =>
      listContactRequests(app.db, type, parseInput(contactRequestQuery, req.query)),
    );

    app.get(`/api/staff/${path}/:id`, staffOnly, async (req) => {
      const { id } = parseInput(idParam, req.params);
      return getContactRequest(app.db, type, id);
    });

    app.post(`/api/staff/${path}/:id/status`, staffOnly, async (req) => {
      const { id } = parseInput(idParam, req.params);
      return markContactRequest(
        app,
        req.user!,
        type,
        id,
        parseInput(contactRequestUpdate, req.body),
      );
    });
  }
}
