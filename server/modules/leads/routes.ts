import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  funnelQuery,
  invitationOpenInput,
  leadParams,
  leadQuery,
  leadUpdateInput,
  referralInviteInput,
  referralReplyInput,
} from '../../../shared/schemas/leads.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';
import { requireRole } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import { getContactRequest } from '../staff/contact-request-service.ts';
import { funnelCsv, funnelReport } from './funnel.ts';
import { inviteFromReferral, openInvitation, replyToReferral } from './referral-casework.ts';
import { getLead, listLeads, updateLead } from './service.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };
const adminOnly = { preHandler: requireRole('admin') };
const idParam = z.strictObject({ id: z.uuid('Not a request id') });

/** Issue 28 §1 and §4: a referral's reply and invitation, the invitation's form, leads, the funnel. */
export async function leadRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/staff/referrals/:id/reply', staffOnly, async (req) => {
    const { id } = parseInput(idParam, req.params);
    await replyToReferral(app, req.user!, id, parseInput(referralReplyInput, req.body));
    return getContactRequest(app.db, 'referral', id);
  });

  app.post('/api/staff/referrals/:id/invite', staffOnly, async (req) => {
    const { id } = parseInput(idParam, req.params);
    await inviteFromReferral(app, req.user!, id, parseInput(referralInviteInput, req.body ?? {}));
    return getContactRequest(app.db, 'referral', id);
  });

  // the invitation link's secret comes from the fragment, by POST: it is in no URL or log
  app.post('/api/referral-invitations/open', async (req) => {
    const { token } = parseInput(invitationOpenInput, req.body);
    return openInvitation(app.db, token);
  });

  app.get('/api/staff/leads', staffOnly, async (req) =>
    listLeads(app.db, req.user!, parseInput(leadQuery, req.query)),
  );

  app.get('/api/staff/leads/:kind/:id', staffOnly, async (req) => {
    const { kind, id } = parseInput(leadParams, req.params);
    return getLead(app.db, kind, id);
  });

  app.put('/api/staff/leads/:kind/:id', staffOnly, async (req) => {
    const { kind, id } = parseInput(leadParams, req.params);
    return updateLead(app, req.user!, kind, id, parseInput(leadUpdateInput, req.body));
  });

  app.get('/api/staff/funnel', adminOnly, async (req, reply) => {
    const query = parseInput(funnelQuery, req.query);
    const report = await funnelReport(app.db, query);
    if (query.format !== 'csv') return report;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="funnel-${query.from}-${query.to}.csv"`)
      .send(funnelCsv(report));
  });
}
