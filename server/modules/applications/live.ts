import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifyChange, type ChangeFeed } from '../../lib/events/change-feed.ts';
import { SseStreams, type StreamCaps } from '../../lib/events/sse.ts';
import { TopicHub } from '../../lib/events/topic-hub.ts';
import {
  findApplicationRecord,
  findApplicationsOfOwner,
  type ApplicationRecord,
} from './repository.ts';
import { toApplicationView } from './views.ts';
import { noteApplicationChange } from '../staff/queue-counts.ts';

export const applicationChangesChannel = 'application_changes';

interface ChangeNotice {
  id: string;
  owner: string | null;
  /** Its tracking links were revoked: open track streams end. */
  revoked?: boolean;
}

/** Inside the transaction that made the change: delivered to every instance when it commits. */
export function publishApplicationChange(
  db: Db,
  id: string,
  owner: string | null,
  extra: { revoked?: boolean } = {},
): Promise<void> {
  const notice: ChangeNotice = { id, owner, ...extra };
  noteApplicationChange();
  return notifyChange(db, applicationChangesChannel, JSON.stringify(notice));
}

/** What a track stream needs of an application: its view, serialised once, and its revocation time. */
export interface Snapshot {
  json: string;
  trackingRevokedAt: Date | null;
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
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly reading = new Map<string, Promise<Snapshot | null>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    caps: StreamCaps = {},
  ) {
    this.streams = new SseStreams(caps);
    feed.subscribe((payload) =>
      this.enqueue(() => (payload === null ? this.resendAll() : this.deliver(payload))),
    );
  }

  /**
   * The application as streams show it, and when its tracking links were last revoked. Kept while
   * some stream watches it, so 10,000 track pages on one application cost one read, not 10,000;
   * read through the same queue as change notices, so it is never older than what was delivered.
   */
  current(id: string): Promise<Snapshot | null> {
    const cached = this.snapshots.get(id);
    if (cached) return Promise.resolve(cached);
    let reading = this.reading.get(id);
    if (!reading) {
      reading = new Promise<Snapshot | null>((resolve, reject) => {
        this.enqueue(async () => {
          try {
            const record = await findApplicationRecord(this.db, id);
            const snapshot = record ? this.remember(record) : null;
            resolve(snapshot);
          } catch (error) {
            reject(error as Error);
          } finally {
            this.reading.delete(id);
          }
        });
      });
      this.reading.set(id, reading);
    }
    return reading;
  }

  /** Sends `snapshot` (from `current`) to this listener now, then every change. */
  watchApplication(id: string, snapshot: Snapshot, listener: (json: string) => void): () => void {
    const unsubscribe = this.hub.subscribe(applicationTopic(id), listener);
    listener(this.snapshots.get(id)?.json ?? snapshot.json);
    return () => {
      unsubscribe();
      this.forgetUnlessWatched(id);
    };
  }

  /** Drops the kept snapshot once no stream watches the application (a refused stream calls it too). */
  forgetUnlessWatched(id: string): void {
    if (!this.hub.has(applicationTopic(id))) this.snapshots.delete(id);
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
    const watched =
      this.hub.has(applicationTopic(notice.id)) ||
      (notice.owner && this.hub.has(ownerTopic(notice.owner)));
    if (!watched) return;
    const record = await findApplicationRecord(this.db, notice.id);
    if (!record) return;
    const { json } = this.remember(record);
    this.hub.publish(applicationTopic(record.id), json);
    if (record.userId) this.hub.publish(ownerTopic(record.userId), json);
  }

  /** After the listening connection was lost: notices may be missing, so send what is current. */
  private async resendAll() {
    for (const topic of this.hub.topicNames()) {
      const [kind, id] = topic.split(':') as ['application' | 'owner', string];
      const records =
        kind === 'application'
          ? [await findApplicationRecord(this.db, id)]
          : await findApplicationsOfOwner(this.db, id);
      for (const record of records) if (record) this.hub.publish(topic, this.remember(record).json);
    }
  }

  /** Serialises the record once; keeps it while a track stream watches the application. */
  private remember(record: ApplicationRecord): Snapshot {
    const snapshot = {
      json: JSON.stringify(toApplicationView(record)),
      trackingRevokedAt: record.trackingRevokedAt,
    };
    if (this.hub.has(applicationTopic(record.id)) || this.reading.has(record.id))
      this.snapshots.set(record.id, snapshot);
    return snapshot;
  }
}
