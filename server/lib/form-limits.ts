import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export type AnonymousForm =
  'applications' | 'referrals' | 'partnerships' | 'bookings' | 'meetings' | 'drafts';

const tooMany = (seconds: number) =>
  new AppError('TOO_MANY_SUBMISSIONS', 429, undefined, { minutes: Math.ceil(seconds / 60) });
const tooManyFor = (seconds: number) =>
  new AppError('TOO_MANY_FOR_ADDRESS', 429, undefined, { minutes: Math.ceil(seconds / 60) });

/**
 * Anonymous forms (finding 4), counted in the database so every instance shares the count: so
 * many per client address per window, and so many per e-mail address they would write to.
 */
export function formLimits(app: FastifyInstance) {
  const { perClient, perAddress, windowSeconds } = app.config.forms;
  const clients = app.rateLimits.limit('forms-client', { max: perClient, windowSeconds });
  const addresses = app.rateLimits.limit('forms-address', { max: perAddress, windowSeconds });
  return {
    /** Before the body is read: one more form from this client. */
    async client(form: AnonymousForm, req: FastifyRequest, reply: FastifyReply) {
      const verdict = await clients.consume(`${form}\n${req.ip}`);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw tooMany(verdict.retryAfterSeconds);
      }
    },
    /** Once the fields are read: one more message to this address. */
    async address(form: AnonymousForm, email: string, reply: FastifyReply) {
      const verdict = await addresses.consume(`${form}\n${email.trim().toLowerCase()}`);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw tooManyFor(verdict.retryAfterSeconds);
      }
    },
  };
}
