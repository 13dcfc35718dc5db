import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/auth.ts';
import { createChangeFeed } from '../lib/events/change-feed.ts';
import type { SseStream } from '../lib/events/sse.ts';
import { TopicHub } from '../lib/events/topic-hub.ts';

/** Filled by a trigger on `sessions` (migration 0009) whenever a session row is deleted. */
export const sessionEndedChannel = 'session_ended';

/**
 * Finding 6: things that live as long as a session (a dashboard's live stream) end when it ends,
 * on every instance. A deleted session row is announced over LISTEN/NOTIFY; this instance then
 * calls the listeners of that session id.
 */
export class SessionEnds {
  private readonly hub = new TopicHub<null>();

  constructor(private readonly db: Db) {}

  ended(sessionId: string): void {
    this.hub.publish(sessionId, null);
  }

  /**
   * Calls `listener` once the session ends; also at once if it already has (it may have ended
   * between the request's session check and this call). Returns the unsubscribe function.
   */
  onEnded(sessionId: string, listener: () => void): () => void {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      listener();
    };
    const unsubscribe = this.hub.subscribe(sessionId, once);
    void this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .then((rows) => {
        if (rows.length === 0) once();
      })
      .catch(() => undefined);
    return unsubscribe;
  }
}

/**
 * A live stream lives as long as the session it was opened with: a sign-out (here or everywhere), a
 * reset, a deactivation ends it on whichever instance holds it. The page is told first, so it stops
 * instead of reconnecting with a session that is gone.
 */
export function endWithSession(
  app: FastifyInstance,
  sessionId: string | undefined,
  stream: SseStream,
): void {
  if (!sessionId) return;
  stream.onClose(
    app.sessionEnds.onEnded(sessionId, () => {
      stream.send('session-ended', '{}');
      stream.close();
    }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionEnds: SessionEnds;
  }
}

/** Decorates `app.sessionEnds` and listens for ended sessions. */
export async function registerSessionEnds(app: FastifyInstance): Promise<void> {
  const feed = createChangeFeed(app.config.database, app.db, sessionEndedChannel, app.log);
  const ends = new SessionEnds(app.db);
  feed.subscribe((payload) => {
    if (payload) ends.ended(payload);
  });
  app.decorate('sessionEnds', ends);
  await feed.start();
  app.addHook('onClose', async () => feed.close());
}
