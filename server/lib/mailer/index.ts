import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createChangeFeed, type ChangeFeed } from '../events/change-feed.ts';
import { createDelivery, describeFailure } from './delivery.ts';
import { insertGroupedMail, insertMail, mailChannel } from './outbox-repository.ts';
import type { MailMessage, Mailer } from './types.ts';
import { MailWorker } from './worker.ts';

export type { MailMessage, Mailer } from './types.ts';
export { renderMail, userText, type MailContent } from './layout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `await app.mailer.enqueue(tx, message)` in the change's transaction; `renderMail()` gives the portal's look. */
    mailer: Mailer;
  }
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

export interface MailerOptions {
  /** Run the worker (the server); the CLI only writes and flushes once. */
  worker: boolean;
  feed?: ChangeFeed;
}

/** The outbox-backed mailer: SMTP when SMTP_URL is set, otherwise the dev outbox. Logs never name the recipient. */
export function createMailer(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: MailerOptions = { worker: false },
): Mailer {
  const delivery = createDelivery(config, outboxDir(config), log);
  const worker = new MailWorker(db, delivery, log, { maxAttempts: config.mail.maxAttempts });
  const pending = new Set<Promise<void>>();
  const unsubscribe = options.feed?.subscribe(() => void worker.wake());

  return {
    kind: delivery.kind,
    enqueue: (tx, message) => insertMail(tx, message),
    enqueueGrouped: (tx, key, windowSeconds, render) =>
      insertGroupedMail(tx, { key, windowSeconds, render }),
    queue(message: MailMessage) {
      const task = insertMail(db, message)
        .then(() => undefined)
        .catch((error: unknown) =>
          log.error({ reason: describeFailure(error) }, 'mail could not be written to the outbox'),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    flush: () => worker.wake(),
    async close() {
      unsubscribe?.();
      await Promise.allSettled([...pending]);
      await worker.stop();
      delivery.close();
    },
  };
}

/** Decorates `app.mailer` and starts this instance's mail worker; closing the app stops it. */
export async function registerMailer(app: FastifyInstance): Promise<void> {
  const feed = createChangeFeed(app.config.database, app.db, mailChannel, app.log);
  const mailer = createMailer(app.config, app.db, app.log, { worker: true, feed });
  app.decorate('mailer', mailer);
  await feed.start();
  app.addHook('onReady', async () => void mailer.flush());
  app.addHook('onClose', async () => {
    await mailer.close();
    await feed.close();
  });
  if (mailer.kind === 'dev-outbox' && app.config.isProduction) {
    app.log.warn(
      'SMTP_URL is not set: e-mail is only saved to the dev outbox and nobody receives it',
    );
  }
}
