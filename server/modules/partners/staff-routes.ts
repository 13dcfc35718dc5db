import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  commissionLineQuery,
  commissionLineUpdate,
  commissionRateInput,
  partnerIdParam,
  partnerInviteInput,
  partnerShareInput,
} from '../../../shared/schemas/partners.ts';
import { requireRole } from '../../auth/session.ts';
import { AppError, VersionConflict } from '../../lib/errors.ts';
import { isErrorCode } from '../../../shared/error-codes.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  currentRate,
  getLine,
  linesCsv,
  listLines,
  listRates,
  setRate,
  updateLine,
} from './commission.ts';
import {
  acceptPartnership,
  invitePartnerMember,
  listOrganisations,
  organisationView,
  setPartnerShare,
} from './organisations.ts';

const adminOnly = { preHandler: requireRole('admin') };
const universityParam = z.strictObject({
  universityId: z.string().trim().min(1).max(120, 'Not a university id'),
});

/** A stale save answers 409 with the record as it is now (error.current), so the page shows it. */
async function withCurrent<T>(save: () => Promise<T>, current: () => Promise<unknown>) {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 409 || !isErrorCode(error.code))
      throw error;
    throw new VersionConflict(error.code, await current());
  }
}

/** The console's side of D20: accepting partnerships, partner organisations, commission. Admins only. */
export async function partnerStaffRoutes(app: FastifyInstance) {
  // only this plugin's routes: every answer is personal data or money
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/staff/partnerships/:id/accept', adminOnly, async (req, reply) => {
    const { id } = parseInput(partnerIdParam, req.params);
    return reply.code(201).send(await acceptPartnership(app, req.user!, id.toLowerCase()));
  });

  app.get('/api/staff/partners', adminOnly, async () => listOrganisations(app.db));

  app.post('/api/staff/partners/:id/members', adminOnly, async (req, reply) => {
    const { id } = parseInput(partnerIdParam, req.params);
    const input = parseInput(partnerInviteInput, req.body);
    return reply.code(201).send(await invitePartnerMember(app, req.user!, id.toLowerCase(), input));
  });

  app.put('/api/staff/partners/:id/share', adminOnly, async (req) => {
    const { id } = parseInput(partnerIdParam, req.params);
    const input = parseInput(partnerShareInput, req.body);
    return withCurrent(
      () => setPartnerShare(app, req.user!, id.toLowerCase(), input),
      () => organisationView(app.db, id.toLowerCase()),
    );
  });

  app.get('/api/staff/commission/rates', adminOnly, async () => listRates(app.db));

  app.put('/api/staff/commission/rates/:universityId', adminOnly, async (req) => {
    const { universityId } = parseInput(universityParam, req.params);
    const input = parseInput(commissionRateInput, req.body);
    return withCurrent(
      () => setRate(app.db, req.user!, universityId, input),
      () => currentRate(app.db, universityId),
    );
  });

  app.get('/api/staff/commission/lines', adminOnly, async (req) =>
    listLines(app.db, parseInput(commissionLineQuery, req.query)),
  );

  app.get('/api/staff/commission/lines.csv', adminOnly, async (req, reply) => {
    const filter = parseInput(commissionLineQuery, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="commission-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      .send(linesCsv(await listLines(app.db, filter)));
  });

  app.patch('/api/staff/commission/lines/:id', adminOnly, async (req) => {
    const { id } = parseInput(partnerIdParam, req.params);
    const input = parseInput(commissionLineUpdate, req.body);
    return withCurrent(
      () => updateLine(app.db, req.user!, id.toLowerCase(), input),
      () => getLine(app.db, id.toLowerCase()),
    );
  });
}
