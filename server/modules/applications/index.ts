import type { FastifyInstance } from 'fastify';
import { createChangeFeed, type ChangeFeed } from '../../lib/events/change-feed.ts';
import { createStorage, type Storage } from '../../lib/storage/index.ts';
import { ApplicationLive, applicationChangesChannel } from './live.ts';
import { applicationRoutes } from './routes.ts';
import { noteApplicationChange } from '../staff/queue-counts.ts';
import { applicationTestRoutes } from './test-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    applicationLive: ApplicationLive;
    /** The applications' change notices (other modules' live updates, e.g. partners). */
    applicationFeed: ChangeFeed;
  }
}

export { changeStatus, type StatusChange } from './status.ts';

/**
 * Applications: file storage, the live-update listener and the submission routes. Needs
 * `app.mailer`, accounts (`registerAuth`) and tracking (`registerTracking`) first.
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
  app.decorate('applicationLive', live);
  app.decorate('applicationFeed', feed);
  await feed.start();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => live.streams.closeAll());
  app.addHook('onClose', async () => feed.close());

  await app.register(applicationRoutes);
  if (app.config.env === 'test') await app.register(applicationTestRoutes);
}
