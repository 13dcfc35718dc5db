import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifyChange, type ChangeFeed } from '../../lib/events/change-feed.ts';
import { SseStreams, type StreamCaps } from '../../lib/events/sse.ts';
import { TopicHub } from '../../lib/events/topic-hub.ts';
import { findApplicationRecord, findApplicationsOfOwner } from './repository.ts';
import { toApplicationView } from './views.ts';

export const applicationChangesChannel = 'application_changes';

interface ChangeNotice {
  id: string;
  owner: string | null;
  /** Its tracking links were revoked: open track streams end. */
  revoked?: boolean;
}

/** Inside the transaction that made the change: delivered to every instance when it commits. */
export function publishApplicationChange(db: Db, id: string, owner: string | null, extra: { revoked?: boolean } = {}): Promise<void> {
  const notice: ChangeNotice = { id, owner, ...extra };
  return notifyChange(db, applicationChangesChannel, JSON.stringify(notice));
}

const applicationTopic = (id: string) => `application:${id}`;
const ownerTopic = (userId: string) => `owner:${userId}`;

/**
 * Live updates of one server instance: a change notice (from any instance) is turned into the
 * applicant's view once, serialised once, and written to every stream watching that application
 * (track pages) or its owner (dashboards). Notices are handled one at a time, in order, so a
 * stream never receives an older record after a newer one.
 */
export class ApplicationLive {
  readonly streams: SseStreams;
  private readonly hub = new TopicHub<string>();
  private readonly revocations = new TopicHub<null>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    caps: StreamCaps = {},
  ) {
    this.streams = new SseStreams(caps);
    feed.subscribe((payload) => this.enqueue(() => (payload === null ? this.resendAll() : this.deliver(payload))));
  }

  /** Sends the current record to this listener now, then every change. */
  watchApplication(id: string, listener: (json: string) => void): () => void {
    const unsubscribe = this.hub.subscribe(applicationTopic(id), listener);
    this.enqueue(async () => {
      const record = await findApplicationRecord(this.db, id);
      if (record) listener(JSON.stringify(toApplicationView(record)));
    });
    return unsubscribe;
  }

  /** Calls `listener` when the application's tracking links are revoked (on any instance). */
  onRevoked(id: string, listener: () => void): () => void {
    return this.revocations.subscribe(id, () => listener());
  }

  watchOwner(userId: string, listener: (json: string) => void): () => void {
    return this.hub.subscribe(ownerTopic(userId), listener);
  }

  /** Resolves once every notice received so far has been delivered (tests, benchmarks). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'live updates: delivery failed');
    });
  }

  private async deliver(payload: string) {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    if (notice.revoked) this.revocations.publish(notice.id, null);
    const watched = this.hub.has(applicationTopic(notice.id)) || (notice.owner && this.hub.has(ownerTopic(notice.owner)));
    if (!watched) return;
    const record = await findApplicationRecord(this.db, notice.id);
    if (!record) return;
    const json = JSON.stringify(toApplicationView(record));
    this.hub.publish(applicationTopic(record.id), json);
    if (record.userId) this.hub.publish(ownerTopic(record.userId), json);
  }

  /** After the listening connection was lost: notices may be missing, so send what is current. */
  private async resendAll() {
    for (const topic of this.hub.topicNames()) {
      const [kind, id] = topic.split(':') as ['application' | 'owner', string];
      const records = kind === 'application' ? [await findApplicationRecord(this.db, id)] : await findApplicationsOfOwner(this.db, id);
      for (const record of records) if (record) this.hub.publish(topic, JSON.stringify(toApplicationView(record)));
    }
  }
}
