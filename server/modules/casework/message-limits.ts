import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { RateLimit } from '../../lib/rate-limit.ts';

const tooManyMessages = (seconds: number) =>
  new AppError('TOO_MANY_MESSAGES', 429, undefined, { minutes: Math.ceil(seconds / 60) });

/**
 * Issue 22 finding 6: messages are counted before their body is read, JSON or multipart alike.
 * The applicant's per application (whoever holds its link) and per client address; staff messages
 * per account, in a bucket of their own, so anonymous forms sent from an office's address never
 * stop its consultants (finding 12).
 */
export function messageLimits(app: FastifyInstance) {
  const { perApplication, perClient, perStaffAccount, windowSeconds } = app.config.messages;
  const byApplication = app.rateLimits.limit('messages-application', {
    max: perApplication,
    windowSeconds,
  });
  const byClient = app.rateLimits.limit('messages-client', { max: perClient, windowSeconds });
  const byStaff = app.rateLimits.limit('messages-staff', { max: perStaffAccount, windowSeconds });

  async function consume(reply: FastifyReply, counts: [RateLimit, string][]) {
    for (const [limit, key] of counts) {
      const verdict = await limit.consume(key);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw tooManyMessages(verdict.retryAfterSeconds);
      }
    }
  }

  return {
    applicant: (req: FastifyRequest, reply: FastifyReply, applicationId: string) =>
      consume(reply, [
        [byApplication, applicationId],
        [byClient, req.ip],
      ]),
    staff: (reply: FastifyReply, accountId: string) => consume(reply, [[byStaff, accountId]]),
  };
}
