import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reauthInput } from '../../shared/schemas/auth.ts';
import { sessionIdInput } from '../../shared/schemas/account.ts';
import { liveStreamRoute, SseStreams } from '../lib/events/sse.ts';
import { parseInput } from '../lib/validate.ts';
import { accounts, users } from '../db/schema/auth.ts';
import { NotFoundError } from '../lib/errors.ts';
import {
  endOwnSession,
  listOwnSessions,
  regenerateBackupCodes,
  turnOffTwoFactor,
} from './account-security.ts';
import {
  passkeyReauthOptions,
  reauthenticate,
  requireRecentReauth,
  sendReauthEmailCode,
} from './reauth.ts';
import { requireUser } from './session.ts';
import { isLocale } from '../../shared/locales.ts';
import { requestLocale } from '../i18n/request-locale.ts';

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
  app.get(
    '/api/me/session/stream',
    { ...liveStreamRoute, preHandler: requireUser },
    async (req, reply) => {
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
    },
  );

  app.get('/api/me/sessions', { preHandler: requireUser }, async (req) => ({
    sessions: await listOwnSessions(app, req.user!),
  }));

  app.post('/api/me/sessions/end', { preHandler: requireUser }, async (req) => {
    const { id } = parseInput(sessionIdInput, req.body ?? {});
    return endOwnSession(app, req.user!, id);
  });

  /** The spec's reauthenticate: the password or a code, good for 5 minutes on this session. */
  app.post('/api/me/reauth', { preHandler: requireUser }, async (req) =>
    reauthenticate(app, req, parseInput(reauthInput, req.body ?? {})),
  );

  /** A 6-digit code to the account's address, for `POST /api/me/reauth` `{ emailCode }` (10 minutes, once). */
  app.post('/api/me/reauth/email-code', { preHandler: requireUser }, async (req) => {
    // The account's language; before it has one, the language the page was shown in.
    const [row] = await app.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, req.user!.id));
    const locale = isLocale(row?.language) ? row.language : await requestLocale(req, null);
    return sendReauthEmailCode(app, req.user!, locale);
  });

  /** A passkey challenge for re-authentication (accounts with only a provider and a passkey). */
  app.get('/api/me/reauth/passkey-options', { preHandler: requireUser }, async (req) =>
    passkeyReauthOptions(app, req.user!),
  );

  /** New backup codes replace the old ones; shown once (this answer is no-store like every one here). */
  app.post('/api/me/two-factor/backup-codes', { preHandler: requireUser }, async (req) => {
    await requireRecentReauth(app, req);
    return regenerateBackupCodes(app, req.user!);
  });

  app.post('/api/me/two-factor/disable', { preHandler: requireUser }, async (req) => {
    await requireRecentReauth(app, req);
    return turnOffTwoFactor(app, req.user!);
  });

  if (app.config.env === 'test') {
    /** e2e fixture: the account loses its password, as one made through a provider never had one (the e-mail in the body, never the URL). */
    app.post('/api/test/drop-password', async (req, reply) => {
      const { email } = parseInput(z.strictObject({ email: z.email().max(254) }), req.body);
      const [user] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!user) throw new NotFoundError('USER_NOT_FOUND', 'No such account.');
      await app.db
        .delete(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
      return reply.code(204).send();
    });
  }
}
