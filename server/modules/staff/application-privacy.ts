import type { FastifyInstance } from 'fastify';
import { applicationIdParam } from '../../../shared/schemas/application.ts';
import { requireRole, type SessionUser } from '../../auth/session.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { findApplicationRow } from '../applications/repository.ts';
import { revokeTracking } from '../tracking/revocation.ts';
import { recordAudit } from '../audit/service.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };

/** The full passport number, decrypted for one member of staff, and the view written to the audit log. */
export async function revealPassport(
  app: FastifyInstance,
  actor: SessionUser,
  id: string,
): Promise<{ passportNumber: string }> {
  return app.db.transaction(async (tx) => {
    const row = await findApplicationRow(tx, id);
    if (!row) throw applicationNotFound();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'application.passport_viewed',
      subjectType: 'application',
      subjectId: id,
    });
    return { passportNumber: app.fieldCipher.decrypt(row.passportNumber) };
  });
}

/** Staff actions on an applicant's private data: the audited passport view, revoking tracking links. */
export async function staffApplicationPrivacyRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/staff/applications/:id/passport', staffOnly, async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    return revealPassport(app, req.user!, id);
  });

  app.post('/api/staff/applications/:id/tracking/revoke', staffOnly, async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const revokedAt = await revokeTracking(app, id, async (tx) =>
      recordAudit(tx, {
        actorId: req.user!.id,
        action: 'application.tracking_revoked',
        subjectType: 'application',
        subjectId: id,
      }),
    );
    if (!revokedAt) throw applicationNotFound();
    return { revokedAt: revokedAt.toISOString() };
  });
}
