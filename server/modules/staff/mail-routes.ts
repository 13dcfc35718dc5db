import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MailOverview } from '../../../shared/schemas/mail.ts';
import { requireRole } from '../../auth/session.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { countMail, listMail, requeueFailed } from '../../lib/mailer/outbox-repository.ts';
import { parseInput } from '../../lib/validate.ts';
import { recordAudit } from '../audit/service.ts';

const adminOnly = { preHandler: requireRole('admin') };
const mailParam = z.strictObject({ id: z.uuid('Not a message id') });

/** The mail outbox for administrators: what is waiting, what failed for good, and a retry. */
export async function staffMailRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/staff/mail', adminOnly, async (): Promise<MailOverview> => {
    const [counts, failed, pending] = await Promise.all([
      countMail(app.db),
      listMail(app.db, 'failed'),
      listMail(app.db, 'pending'),
    ]);
    return { counts, failed, pending };
  });

  app.post('/api/staff/mail/:id/retry', adminOnly, async (req) => {
    const { id } = parseInput(mailParam, req.params);
    const row = await app.db.transaction(async (tx) => {
      const requeued = await requeueFailed(tx, id);
      if (!requeued) return null;
      await recordAudit(tx, {
        actorId: req.user!.id,
        action: 'mail.retried',
        subjectType: 'mail',
        subjectId: id,
        details: { subject: requeued.subject, attempts: requeued.attempts },
      });
      return requeued;
    });
    if (!row)
      throw new NotFoundError(
        'MAIL_NOT_FAILED',
        'There is no failed message with this id: it may have been retried already.',
      );
    return { id: row.id, status: row.status };
  });
}
