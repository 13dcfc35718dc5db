import { and, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { applicationDocuments } from '../../db/schema/applications.ts';
import { pendingObjects } from '../../db/schema/outbox.ts';
import type { Storage } from '../../lib/storage/index.ts';

/** Before an object is written (or deleted): if the process dies, the key is still known. */
export async function markPending(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0)
    await db
      .insert(pendingObjects)
      .values(keys.map((storageKey) => ({ storageKey })))
      .onConflictDoNothing();
}

/** In the transaction that records the documents (or once the objects are gone). */
export async function clearPending(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0)
    await db.delete(pendingObjects).where(inArray(pendingObjects.storageKey, keys));
}

/**
 * Objects left by a crash (finding 9): each pending key older than `olderThan` whose object no
 * document row references is deleted from storage, whatever the driver. Returns how many.
 */
export async function reconcileOrphans(db: Db, storage: Storage, olderThan: Date): Promise<number> {
  const pending = await db
    .select()
    .from(pendingObjects)
    .where(lt(pendingObjects.createdAt, olderThan))
    .limit(1000);
  if (pending.length === 0) return 0;
  const keys = pending.map((p) => p.storageKey);
  const kept = new Set(
    (
      await db
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(inArray(applicationDocuments.storageKey, keys))
    ).map((r) => r.key),
  );
  const orphans = keys.filter((k) => !kept.has(k));
  for (const key of orphans) await storage.delete(key);
  await db
    .delete(pendingObjects)
    .where(and(inArray(pendingObjects.storageKey, keys), lt(pendingObjects.createdAt, olderThan)));
  return orphans.length;
}

/** At start (once uploads in flight elsewhere could have ended), then every ten minutes. */
export function registerOrphanCleanup(app: FastifyInstance): void {
  // an upload still running on another instance is younger than twice the request timeout
  const graceMs = 2 * app.config.http.requestTimeoutMs;
  const run = async () => {
    const removed = await reconcileOrphans(app.db, app.storage, new Date(Date.now() - graceMs));
    if (removed > 0) app.log.warn({ removed }, 'removed files left by an interrupted upload');
  };
  app.scheduler.schedule('uploads.reconcile', { everySeconds: 600, run });
  let timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    const safely = () =>
      void run().catch((error: unknown) => app.log.error({ err: error }, 'orphan cleanup failed'));
    safely();
    timers = [setTimeout(safely, graceMs + 1_000)];
    timers.forEach((t) => t.unref());
  });
  app.addHook('preClose', async () => timers.forEach(clearTimeout));
}
