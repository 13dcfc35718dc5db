import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ChangeFeed } from '../../lib/events/change-feed.ts';
import { TopicHub } from '../../lib/events/topic-hub.ts';
import { findPartnerToTell } from './repository.ts';

/**
 * The partner dashboard's live updates: the applications' change notices (the feed the track page
 * and the dashboard use), each turned into "this application changed" for the partner that is its
 * source. Only the id travels; the page reads its list again, through the audited route.
 */
export class PartnerLive {
  private readonly hub = new TopicHub<string>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    feed.subscribe((payload) => {
      if (this.hub.topicNames().length === 0) return;
      this.queue = this.queue
        .then(() => this.deliver(payload))
        .catch((error: unknown) => this.log.error({ err: error }, 'partner live updates failed'));
    });
  }

  watch(partnerId: string, listener: (applicationId: string) => void): () => void {
    return this.hub.subscribe(partnerId, listener);
  }

  private async deliver(payload: string | null) {
    if (payload === null) {
      for (const topic of this.hub.topicNames()) this.hub.publish(topic, '');
      return;
    }
    let id: unknown;
    try {
      id = (JSON.parse(payload) as { id?: unknown }).id;
    } catch {
      return;
    }
    if (typeof id !== 'string') return;
    const partnerId = await findPartnerToTell(this.db, id);
    if (partnerId && this.hub.has(partnerId)) this.hub.publish(partnerId, id);
  }
}
