import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { trackLookupInput, trackTokenInput } from '../../../shared/schemas/application.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { streamTarget, trackByEmail, trackByToken } from './service.ts';

const streamQuery = z.strictObject({ token: z.string().min(1).max(1000) });

export async function trackingRoutes(app: FastifyInstance) {
  const { max, windowSeconds } = app.config.tracking.rateLimit;
  const limiter = app.rateLimits.limit('tracking-ip', { max, windowSeconds });

  /** Id and e-mail in the body, never in the URL (D4). */
  app.post('/api/track', async (req, reply) => {
    const verdict = await limiter.consume(req.ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new AppError('TOO_MANY_ATTEMPTS', 429, 'Too many tracking attempts. Please wait a few minutes and try again.');
    }
    return trackByEmail(app, parseInput(trackLookupInput, req.body));
  });

  app.post('/api/track/token', async (req) => {
    const { token } = parseInput(trackTokenInput, req.body);
    return trackByToken(app, token);
  });

  /**
   * The track page's live stream. EventSource cannot send headers, so a short-lived stream token
   * rides in the query string (which the logger never writes); the e-mail never does.
   */
  app.get('/api/track/stream', async (req, reply) => {
    const { token } = parseInput(streamQuery, req.query);
    const id = await streamTarget(app, token);
    const stream = app.applicationLive.streams.start(req, reply);
    stream.onClose(app.applicationLive.watchApplication(id, (json) => stream.send('application', json)));
    return reply;
  });
}
