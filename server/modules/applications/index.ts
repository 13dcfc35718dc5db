import type { FastifyInstance } from 'fastify';
import { createChangeFeed } from '../../lib/events/change-feed.ts';
import { createStorage, type Storage } from '../../lib/storage/index.ts';
import { registerOrphanCleanup } from '../documents/orphans.ts';
import { registerDocumentRetention } from '../documents/retention.ts';
import { documentRoutes } from '../documents/routes.ts';
import { registerLateDigest } from '../casework/owners.ts';
import { caseworkRoutes } from '../casework/routes.ts';
import { trackingRoutes } from '../tracking/routes.ts';
import { resolveTrackingSecret } from '../tracking/secret.ts';
import { createTrackingTokens, type TrackingTokens } from '../tracking/tokens.ts';
import { ApplicationLive, applicationChangesChannel } from './live.ts';
import { applicationRoutes } from './routes.ts';
import { noteApplicationChange } from '../staff/queue-counts.ts';
import { applicationTestRoutes } from './test-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    trackingTokens: TrackingTokens;
    applicationLive: ApplicationLive;
  }
}

export { changeStatus, type StatusChange } from './status.ts';

/**
 * Applications, tracking and documents: storage, tracking tokens, the live-update listener and
 * their routes. Needs `app.mailer` and accounts (`registerAuth`) first.
 */
export async function registerApplications(app: FastifyInstance): Promise<void> {
  const feed = createChangeFeed(app.config.database, app.db, applicationChangesChannel, app.log);
  const { perClient, perAccount, perApplication } = app.config.streams;
  // every instance's queue counts are read again once a change commits (queue-counts.ts)
  feed.subscribe(() => noteApplicationChange());
  const live = new ApplicationLive(app.db, feed, app.log, {
    client: perClient,
    account: perAccount,
    application: perApplication,
  });
  app.decorate('storage', createStorage(app.config.uploads));
  app.decorate(
    'trackingTokens',
    createTrackingTokens(await resolveTrackingSecret(app.config), app.config.tracking.ttlSeconds),
  );
  app.decorate('applicationLive', live);
  registerOrphanCleanup(app);
  registerDocumentRetention(app);
  await feed.start();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => live.streams.closeAll());
  app.addHook('onClose', async () => feed.close());

  await app.register(applicationRoutes);
  await app.register(trackingRoutes);
  await app.register(documentRoutes);
  await app.register(caseworkRoutes);
  registerLateDigest(app);
  if (app.config.env === 'test') await app.register(applicationTestRoutes);
}
