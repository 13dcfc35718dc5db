import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/**
 * Change notices between server instances over PostgreSQL LISTEN/NOTIFY (D1): one listening
 * connection per instance. `null` tells handlers that notices may have been missed (the listening
 * connection was lost and is back), so they should resend what they show.
 */
export type ChangeHandler = (payload: string | null) => void;

export interface ChangeFeed {
  start(): Promise<void>;
  subscribe(handler: ChangeHandler): () => void;
  close(): Promise<void>;
}

/** Sends a notice; inside a transaction it is delivered when (and only if) the transaction commits. */
export async function notifyChange(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** How the listening connection shows in pg_stat_activity. */
export const listenerApplicationName = 'portal-live-updates';

export function createChangeFeed(
  database: Config['database'],
  db: Db,
  channel: string,
  log: FastifyBaseLogger,
): ChangeFeed {
  if (channel !== channel.toLowerCase() || !/^[a-z_]+$/.test(channel)) {
    throw new Error('Channel names are lower-case letters and underscores');
  }
  const handlers = new Set<ChangeHandler>();
  const emit = (payload: string | null) => handlers.forEach((h) => h(payload));
  const subscribe = (handler: ChangeHandler) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  };

  if (database.kind === 'pglite') {
    const client = (db as unknown as { $client: PGlite }).$client;
    let unlisten: (() => Promise<void>) | undefined;
    return {
      async start() {
        unlisten = await client.listen(channel, (payload) => emit(payload));
      },
      subscribe,
      async close() {
        if (!client.closed) await unlisten?.();
      },
    };
  }

  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(isReconnect: boolean) {
    const next = new pg.Client({
      connectionString: database.kind === 'postgres' ? database.url : '',
      keepAlive: true,
      application_name: listenerApplicationName,
    });
    next.on('notification', (msg) => {
      if (msg.channel === channel) emit(msg.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== next || closed) return;
      client = null;
      log.warn({ err: error }, 'live updates: listening connection lost, reconnecting');
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = 250;
    if (isReconnect) {
      log.info('live updates: listening again');
      emit(null);
    }
  }

  function scheduleReconnect() {
    if (closed) return;
    retryTimer = setTimeout(() => {
      connect(true).catch((error: unknown) => {
        log.warn({ err: error }, 'live updates: reconnect failed');
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
  }

  return {
    start: () => connect(false),
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
