import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKey, idempotencyKeyHeader } from '../../../shared/schemas/idempotency.ts';
import { partnershipInput, referralInput } from '../../../shared/schemas/referral.ts';
import { getSessionUser } from '../../auth/session.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findMembership } from '../partners/repository.ts';
import { requestLocale } from '../../i18n/request-locale.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { noticeOfPartnership, noticeOfReferral } from '../notices/team-notices.ts';
import { createPartnership, createReferral, type StoredOnce } from './service.ts';

/** The client makes one key per form fill and sends it again on every retry of that fill. */
function readIdempotencyKey(req: FastifyRequest): string {
  const value = req.headers[idempotencyKeyHeader];
  if (value === undefined || value === '') {
    throw new ValidationError(
      { 'Idempotency-Key': 'The Idempotency-Key header is required' },
      'The Idempotency-Key header is required.',
    );
  }
  const parsed = idempotencyKey.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError(
      { 'Idempotency-Key': 'The Idempotency-Key header must be a UUID' },
      'The Idempotency-Key header must be a UUID.',
    );
  }
  return parsed.data.toLowerCase();
}

function answer(reply: FastifyReply, { receipt, isReplay }: StoredOnce) {
  reply.header('cache-control', 'no-store');
  if (isReplay) reply.header('idempotent-replayed', 'true');
  return reply.code(isReplay ? 200 : 201).send(receipt);
}

export async function referralRoutes(app: FastifyInstance) {
  const limits = formLimits(app);

  app.post('/api/referrals', async (req, reply) => {
    const key = readIdempotencyKey(req);
    const input = parseInput(referralInput, req.body);
    await limits.client('referrals', req, reply);
    await limits.address('referrals', input.email, reply);
    // a partner's user referring while signed in: the referral is the partner's (D20), listed on
    // its dashboard; anyone else's (or nobody's) is a plain referral
    const user = await getSessionUser(req);
    const partnerId =
      user?.role === 'partner'
        ? ((await findMembership(app.db, user.id))?.partnerId ?? null)
        : null;
    return answer(
      reply,
      await createReferral(
        app.db,
        input,
        key,
        (tx, row) =>
          noticeOfReferral(app, tx, {
            ...row,
            studentName: input.studentName,
            studyInterest: input.studyInterest,
          }),
        await requestLocale(req, user?.id ?? null),
        partnerId,
      ),
    );
  });

  app.post('/api/partnerships', async (req, reply) => {
    const key = readIdempotencyKey(req);
    const input = parseInput(partnershipInput, req.body);
    await limits.client('partnerships', req, reply);
    await limits.address('partnerships', input.email, reply);
    return answer(
      reply,
      await createPartnership(
        app.db,
        input,
        key,
        (tx, row) => noticeOfPartnership(app, tx, row),
        await requestLocale(req, null),
      ),
    );
  });
}
