import type { FastifyInstance } from 'fastify';
import { trackingRoutes } from './routes.ts';
import { resolveTrackingSecret } from './secret.ts';
import { createTrackingTokens, type TrackingTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    trackingTokens: TrackingTokens;
  }
}

/** Tracking: the signed tokens of tracking links and streams, and the track page's routes. */
export async function registerTracking(app: FastifyInstance): Promise<void> {
  app.decorate(
    'trackingTokens',
    createTrackingTokens(await resolveTrackingSecret(app.config), app.config.tracking.ttlSeconds),
  );
  await app.register(trackingRoutes);
}
