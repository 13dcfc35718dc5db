import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmLinkInput } from '../../shared/schemas/auth.ts';
import { AppError } from '../lib/errors.ts';
import { parseInput } from '../lib/validate.ts';
import { RateLimitedError } from './account-limiter.ts';
import { confirmationPage, redeemConfirmationLink } from './confirmation-links.ts';

const basePath = '/api/auth';

const linkInvalid = () => new AppError('CONFIRM_LINK_INVALID', 400);

/**
 * A new address is confirmed by better-auth's own verify-email, with the token it made, which we
 * kept: the request exists only inside this process, so no request line or log carries it.
 */
async function confirmNewAddress(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  jwt: string,
) {
  const url = new URL(`${basePath}/verify-email`, app.config.publicUrl);
  url.searchParams.set('token', jwt);
  const headers = new Headers({ accept: 'application/json' });
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  const response = await app.auth.handler(new Request(url, { method: 'GET', headers }));
  if (!response.ok) throw linkInvalid();
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Confirmation links (decision 0032): redeemed by a POST from /confirm-email, never by a GET. */
export async function confirmationLinkRoutes(app: FastifyInstance) {
  const { ip } = app.config.auth.rateLimit;
  const perClient = app.rateLimits.limit('auth-confirm-link', ip);

  app.post(`${basePath}/confirm-email`, async (req, reply) => {
    const { token } = parseInput(confirmLinkInput, req.body ?? {});
    const turn = await perClient.consume(req.ip);
    if (!turn.allowed) {
      reply.header('retry-after', String(turn.retryAfterSeconds));
      throw new RateLimitedError(turn.retryAfterSeconds);
    }
    const redeemed = await redeemConfirmationLink(app.db, token);
    if (redeemed.kind === 'invalid') throw linkInvalid();
    if (redeemed.kind === 'change') await confirmNewAddress(app, req, reply, redeemed.jwt);
    return reply.header('cache-control', 'no-store').send({ confirmed: true, kind: redeemed.kind });
  });

  // Links sent before decision 0032 carried better-auth's token, which names the address, in the
  // query: they are refused without a log line, and the page asks for a new one.
  app.get(`${basePath}/verify-email`, { logLevel: 'silent' }, async (_req, reply) =>
    reply.code(302).header('location', confirmationPage).send(''),
  );
}
