import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resetTokenInput } from '../../shared/schemas/auth.ts';
import { sessions } from '../db/schema/auth.ts';
import { NotFoundError } from '../lib/errors.ts';
import { parseInput } from '../lib/validate.ts';
import { hasNewSession, sendAuthResponse, toFetchHeaders } from './better-auth-bridge.ts';
import { exposedAuthRoutes, jwksCacheControl, type ExposedAuthRoute } from './exposed-routes.ts';
import { signInProviders } from './identity-plugins.ts';
import { isCallbackPath } from './provider-callback.ts';
import { isResetTokenValid } from './reset-sign-in.ts';
import { getSessionUser } from './session.ts';
import { confirmationLinkRoutes } from './link-routes.ts';

const basePath = '/api/auth';
const nothingHere = () => new NotFoundError('NOT_FOUND', 'There is nothing at this address.');

/**
 * better-auth mounted under /api/auth: each endpoint we expose is a route of its own (the table in
 * exposed-routes.ts) with our input rules and checks first; every other path under it answers 404.
 */
export async function authRoutes(app: FastifyInstance) {
  async function forward(
    path: string,
    route: ExposedAuthRoute,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const body = route.input
      ? route.input.forward(parseInput(route.input.schema, req.body ?? {}) as never)
      : {};
    const call = { req, reply, body };
    await route.check?.(call);
    // Past its absolute lifetime, the session is ended before better-auth looks for it.
    const current = route.session ? await getSessionUser(req) : null;

    const headers = toFetchHeaders(req, route.signedOut === true);
    if (route.input) headers.set('content-type', 'application/json');
    const request = new Request(new URL(req.url, app.config.publicUrl), {
      method: req.method,
      headers,
      body: route.input ? JSON.stringify(body) : undefined,
    });
    const response = route.ask ? await route.ask(call, request) : await app.auth.handler(request);
    await route.after?.(call, response);
    // Finding 13: a new sign-in on this browser ends the session it had before.
    if (route.session === 'sign-in' && response.ok && current?.sessionId && hasNewSession(response))
      await app.db.delete(sessions).where(eq(sessions.id, current.sessionId));
    const answer = route.answer;
    return sendAuthResponse(req, reply, path, response, answer && ((b) => answer(call, b)));
  }

  // Confirmation links (decision 0032), before the closed rest of better-auth's surface.
  await app.register(confirmationLinkRoutes);

  for (const [path, route] of Object.entries(exposedAuthRoutes(app))) {
    app.route({
      method: route.method,
      url: `${basePath}${path}`,
      handler: (req, reply) => forward(path, route, req, reply),
    });
  }

  // Where a provider sends the browser back after sign-in.
  app.get(`${basePath}/callback/:provider`, async (req, reply) => {
    const url = new URL(req.url, app.config.publicUrl);
    const path = url.pathname.slice(basePath.length);
    if (!isCallbackPath(path)) throw nothingHere();
    return forward(path, { method: 'GET' }, req, reply);
  });

  /** The sign-in buttons /login shows: Google and Microsoft only when configured, then each OpenID Connect provider. */
  app.get(`${basePath}/providers`, async () => ({ providers: signInProviders(app.config) }));

  // The spec's path for the key set; the same keys as /api/auth/jwks.
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    const keySet = await app.auth.api.getJwks();
    return reply.header('cache-control', jwksCacheControl).send(keySet);
  });

  app.post(`${basePath}/reset-password/status`, async (req) => {
    const { token } = parseInput(resetTokenInput, req.body ?? {});
    return { valid: await isResetTokenValid(app, token) };
  });

  // better-auth's own reset links put the token in the path; ours never do. Refuse them
  // without a log line, since the request line would carry the token.
  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/reset-password/:token`,
    logLevel: 'silent',
    handler: async () => {
      throw nothingHere();
    },
  });

  // The rest of better-auth's surface stays closed.
  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/*`,
    handler: async () => {
      throw nothingHere();
    },
  });
}
