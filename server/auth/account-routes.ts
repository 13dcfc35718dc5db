import type { FastifyInstance } from 'fastify';
import { reauthInput } from '../../shared/schemas/auth.ts';
import { sessionIdInput } from '../../shared/schemas/account.ts';
import { liveStreamRoute, SseStreams } from '../lib/events/sse.ts';
import { parseInput } from '../lib/validate.ts';
import { endOwnSession, listOwnSessions, turnOffTwoFactor } from './account-security.ts';
import { reauthenticate, requireRecentReauth } from './reauth.ts';
import { requireUser } from './session.ts';

/** The security part of /account: sessions, re-authentication, turning two-step verification off. */
export async function accountRoutes(app: FastifyInstance) {
  const { perClient, perAccount } = app.config.streams;
  const streams = new SseStreams({ client: perClient, account: perAccount });
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /**
   * Open while a tab is signed in; says `session-ended` when the server ends this session (another
   * device's "sign out other devices", an admin, a password reset), so the tab goes to /login.
   */
  app.get('/api/me/session/stream', { ...liveStreamRoute, preHandler: requireUser }, async (req, reply) => {
    const user = req.user!;
    const stream = streams.start(req, reply, { holders: { client: req.ip, account: user.id } });
    if (user.sessionId) {
      stream.onClose(
        app.sessionEnds.onEnded(user.sessionId, () => {
          stream.send('session-ended', '{}');
          stream.close();
        }),
      );
    }
    return reply;
  });

  app.get('/api/me/sessions', { preHandler: requireUser }, async (req) => ({ sessions: await listOwnSessions(app, req.user!) }));

  app.post('/api/me/sessions/end', { preHandler: requireUser }, async (req) => {
    const { id } = parseInput(sessionIdInput, req.body ?? {});
    return endOwnSession(app, req.user!, id);
  });

  /** The spec's reauthenticate: the password or a code, good for 5 minutes on this session. */
  app.post('/api/me/reauth', { preHandler: requireUser }, async (req) => reauthenticate(app, req, parseInput(reauthInput, req.body ?? {})));

  app.post('/api/me/two-factor/disable', { preHandler: requireUser }, async (req) => {
    await requireRecentReauth(app, req);
    return turnOffTwoFactor(app, req.user!);
  });
}
