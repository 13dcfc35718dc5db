import type { FastifyBaseLogger } from 'fastify';
import { backoffDelay } from '../../../shared/backoff.ts';
import type { Db } from '../../db/client.ts';
import { describeFailure, isPermanent, type Delivery } from './delivery.ts';
import { claimDueMail, markAttemptFailed, markSent, nextDueAt } from './outbox-repository.ts';

export interface MailWorkerOptions {
  /** After this many attempts a message is failed for good and waits for an admin's retry. */
  maxAttempts: number;
  /** How long a claimed message stays with this instance; longer than any SMTP timeout. */
  leaseMs?: number;
  /** Looks again at least this often, for messages of instances that died holding a lease. */
  pollMs?: number;
  batchSize?: number;
}

/** Pauses between tries to mark an accepted message sent; null: the last try. */
const markSentPausesMs = [100, 300, 1000, 3000, null] as const;

/**
 * Delivers the mail outbox: claims due messages, sends each, and on failure sets the next try by
 * the generic backoff (D15). Woken by each new message (NOTIFY) and by a timer set to the next
 * due message; only one pass runs at a time per instance.
 */
export class MailWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly delivery: Delivery,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 30_000;
    this.batchSize = options.batchSize ?? 10;
  }

  /** Runs a pass now (or right after the one under way). Resolves when that pass is over. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async loop() {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.pass()) > 0);
      } catch (error) {
        this.log.error({ reason: describeFailure(error) }, 'mail worker: pass failed');
      }
    } while (this.again && !this.stopped);
    await this.armTimer();
  }

  private async pass(): Promise<number> {
    const batch = await claimDueMail(this.db, this.batchSize, this.leaseMs);
    for (const row of batch) {
      if (this.stopped) break;
      try {
        await this.delivery.deliver(row.id, row.createdAt, {
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          ...(row.attachments ? { attachments: row.attachments } : {}),
        });
      } catch (error) {
        const reason = describeFailure(error);
        const givesUp = isPermanent(error) || row.attempts >= this.options.maxAttempts;
        await markAttemptFailed(
          this.db,
          row.id,
          reason,
          givesUp ? null : backoffDelay(row.attempts),
        );
        this.log.warn(
          { mailId: row.id, attempt: row.attempts, reason, failed: givesUp },
          givesUp ? 'mail failed for good' : 'mail not sent, will retry',
        );
        continue;
      }
      await this.recordSent(row.id);
    }
    return batch.length;
  }

  /**
   * The server has accepted the message: from here a resend is a duplicate, so a failure to write
   * that down is never taken for a failed delivery (issue 22 finding 12). The write is tried again
   * at once a few times; only if the database stays away (or the process dies first) does the
   * message go again once its lease ends, with the same Message-ID (at least once, docs/deploy.md).
   */
  private async recordSent(id: string): Promise<void> {
    for (const pauseMs of markSentPausesMs) {
      try {
        await markSent(this.db, id);
        return;
      } catch (error) {
        if (pauseMs === null) {
          this.log.error(
            { mailId: id, reason: describeFailure(error) },
            'mail sent but not marked sent: it will go again when its lease ends, with the same Message-ID',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  private async armTimer() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    let delay = this.pollMs;
    try {
      const due = await nextDueAt(this.db);
      if (due) delay = Math.max(10, Math.min(this.pollMs, due.getTime() - Date.now() + 5));
    } catch {
      // the database is away: the poll interval brings the worker back
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.wake(), delay);
    this.timer.unref();
  }
}
