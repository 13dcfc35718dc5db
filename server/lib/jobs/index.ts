import type { FastifyInstance } from 'fastify';
import { pruneSent } from '../mailer/outbox-repository.ts';
import { Scheduler } from './scheduler.ts';

export { Scheduler, nextRun, type JobSchedule } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Jobs run once per period across all instances:
     * `app.scheduler.schedule('name', { everySeconds: 86_400, offsetSeconds: 7 * 3_600, run })`
     * while the app is being built (before it is ready).
     */
    scheduler: Scheduler;
  }
}

const hour = 3_600;
const day = 24 * hour;
/** Sent e-mails hold personal data: kept this long for "did you send it?" questions, then deleted. */
const keepSentMailDays = 30;

/** Decorates `app.scheduler` with the portal's housekeeping jobs; it starts when the app is ready. */
export function registerScheduler(app: FastifyInstance): void {
  const scheduler = new Scheduler(app.db, app.log);
  app.decorate('scheduler', scheduler);
  scheduler.schedule('rate-limits.sweep', {
    everySeconds: hour,
    run: async () => void (await app.rateLimits.sweep()),
  });
  scheduler.schedule('mail.prune-sent', {
    everySeconds: day,
    offsetSeconds: 3 * hour,
    run: async () =>
      void (await pruneSent(app.db, new Date(Date.now() - keepSentMailDays * day * 1000))),
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
