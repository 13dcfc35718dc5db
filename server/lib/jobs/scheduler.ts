import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { backoffDelay } from '../../../shared/backoff.ts';
import type { Db } from '../../db/client.ts';
import { scheduledJobs } from '../../db/schema/outbox.ts';

export interface JobSchedule {
  /** Runs every this many seconds, on the multiples of it since midnight UTC (86,400: daily). */
  everySeconds: number;
  /** Shifts the runs: `{ everySeconds: 86_400, offsetSeconds: 7 * 3_600 }` runs daily at 07:00 UTC. */
  offsetSeconds?: number;
  run(): Promise<void>;
}

/** The first run at or after `from` that the schedule allows. */
export function nextRun(
  schedule: Pick<JobSchedule, 'everySeconds' | 'offsetSeconds'>,
  from: Date,
): Date {
  const every = schedule.everySeconds * 1000;
  const offset = (schedule.offsetSeconds ?? 0) * 1000;
  return new Date(Math.floor((from.getTime() - offset) / every) * every + offset + every);
}

const leaseMs = 15 * 60_000;

/**
 * Jobs that run once per period across every instance: each instance looks for due jobs every
 * `tickMs`; the one that claims a job's row (FOR UPDATE SKIP LOCKED, then a lease) runs it and
 * sets the next run. A failed run is tried again by the generic backoff (D15), never later than
 * its next regular run.
 */
export class Scheduler {
  private readonly jobs = new Map<string, JobSchedule>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly tickMs = 60_000,
  ) {}

  /** Adds a job; call before `start()`. */
  schedule(name: string, job: JobSchedule): void {
    if (this.jobs.has(name)) throw new Error(`The job ${name} is scheduled twice`);
    this.jobs.set(name, job);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  async start(): Promise<void> {
    const now = new Date();
    for (const [name, job] of this.jobs) {
      await this.db
        .insert(scheduledJobs)
        .values({ name, nextRunAt: nextRun(job, now) })
        .onConflictDoNothing();
    }
    this.arm();
  }

  /** Runs every job that is due now (and claimable), and resolves when they are done. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.runDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs one job now on this instance, whatever its schedule (tests, operators). */
  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    await job.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private arm() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.arm());
    }, this.tickMs);
    this.timer.unref();
  }

  private async runDue() {
    for (const [name, job] of this.jobs) {
      if (this.stopped) return;
      let claimed: { failures: number } | undefined;
      try {
        claimed = await this.claim(name);
      } catch (error) {
        this.log.warn({ job: name, err: error }, 'scheduler: could not claim a job');
        return;
      }
      if (!claimed) continue;
      try {
        await job.run();
        await this.db
          .update(scheduledJobs)
          .set({
            nextRunAt: nextRun(job, new Date()),
            lockedUntil: null,
            failures: 0,
            lastRunAt: new Date(),
            lastError: null,
          })
          .where(eq(scheduledJobs.name, name));
      } catch (error) {
        const failures = claimed.failures + 1;
        const retryAt = new Date(
          Math.min(Date.now() + backoffDelay(failures), nextRun(job, new Date()).getTime()),
        );
        this.log.error({ job: name, failures, err: error }, 'scheduler: job failed, will retry');
        await this.db
          .update(scheduledJobs)
          .set({
            nextRunAt: retryAt,
            lockedUntil: null,
            failures,
            lastError: error instanceof Error ? error.name : 'Error',
          })
          .where(eq(scheduledJobs.name, name))
          .catch(() => {});
      }
    }
  }

  private async claim(name: string): Promise<{ failures: number } | undefined> {
    const result = await this.db.execute(sql`
      update scheduled_jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where name = (
        select name from scheduled_jobs
        where name = ${name} and next_run_at <= now() and (locked_until is null or locked_until < now())
        for update skip locked
      )
      returning failures`);
    const [row] = (result as unknown as { rows: { failures: number }[] }).rows;
    return row ? { failures: Number(row.failures) } : undefined;
  }
}
