import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { trackLookupInput, trackTokenInput } from '../../../shared/schemas/application.ts';
import { getSessionUser } from '../../auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  revokeWithToken,
  streamStart,
  streamTarget,
  trackByEmail,
  trackByToken,
} from './service.ts';
import { setStreamCookie, streamCookie, streamPath } from './stream-access.ts';
import { streamTokenSeconds } from './tokens.ts';
import { liveStreamRoute } from '../../lib/events/sse.ts';

const streamParams = z.strictObject({ id: z.uuid('Not an application id') });

export async function trackingRoutes(app: FastifyInstance) {
  const { max, windowSeconds } = app.config.tracking.rateLimit;
  const limiter = app.rateLimits.limit('tracking-ip', { max, windowSeconds });

  /** Id and e-mail in the body, never in the URL (D4). */
  app.post('/api/track', async (req, reply) => {
    const verdict = await limiter.consume(req.ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new AppError('TOO_MANY_TRACKING_ATTEMPTS', 429, undefined, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    return trackByEmail(app, parseInput(trackLookupInput, req.body));
  });

  app.post('/api/track/token', async (req) => {
    const { token } = parseInput(trackTokenInput, req.body);
    const user = await getSessionUser(req);
    return trackByToken(app, token, user?.id ?? null);
  });

  /** The applicant stops every tracking link of the application (e.g. one they forwarded). */
  app.post('/api/track/revoke', async (req, reply) => {
    const { token } = parseInput(trackTokenInput, req.body);
    await revokeWithToken(app, token);
    return reply.code(204).send();
  });

  /** Exchanges a stream token (in the body) for the cookie that opens that application's stream. */
  app.post('/api/track/stream-access', async (req, reply) => {
    const { token } = parseInput(trackTokenInput, req.body);
    const id = await streamTarget(app, token);
    setStreamCookie(reply, id, token, streamTokenSeconds, app.config.isProduction);
    reply.header('cache-control', 'no-store');
    return reply.code(200).send({ url: streamPath(id) });
  });

  /** The track page's live stream, authorised by the cookie set above: no token in the URL. */
  app.get('/api/track/stream/:id', liveStreamRoute, async (req, reply) => {
    const id = parseInput(streamParams, req.params).id.toLowerCase();
    const snapshot = await streamStart(app, streamCookie(req), id);
    let stream;
    try {
      stream = app.applicationLive.streams.start(req, reply, {
        holders: { client: req.ip, application: id },
      });
    } catch (error) {
      app.applicationLive.forgetUnlessWatched(id);
      throw error;
    }
    stream.onClose(
      app.applicationLive.watchApplication(id, snapshot, (json) =>
        stream.send('application', json),
      ),
    );
    stream.onClose(app.applicationLive.onRevoked(id, () => stream.close()));
    return reply;
  });
}
