import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { scheduledJobs } from '../../db/schema/outbox.ts';
import { createTestDatabase } from '../../../tests/support/test-database.ts';
import { nextRun, Scheduler } from './scheduler.ts';

let first: Database;
let second: Database;
let drop: () => Promise<void>;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  first = await openDatabase(test.database);
  await runMigrations(first.kind, first.db);
  second = test.database.kind === 'postgres' ? await openDatabase(test.database) : first;
});

afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await drop();
});

const makeDue = (db: Database, name: string) =>
  db.db
    .update(scheduledJobs)
    .set({ nextRunAt: new Date(Date.now() - 1000) })
    .where(eq(scheduledJobs.name, name));

describe('scheduled jobs', () => {
  it('computes the next run on the schedule: hourly, and daily at a set hour (UTC)', () => {
    const at = new Date('2030-05-06T10:20:00Z');
    expect(nextRun({ everySeconds: 3_600 }, at).toISOString()).toBe('2030-05-06T11:00:00.000Z');
    expect(nextRun({ everySeconds: 86_400, offsetSeconds: 7 * 3_600 }, at).toISOString()).toBe(
      '2030-05-07T07:00:00.000Z',
    );
    expect(
      nextRun(
        { everySeconds: 86_400, offsetSeconds: 7 * 3_600 },
        new Date('2030-05-06T06:00:00Z'),
      ).toISOString(),
    ).toBe('2030-05-06T07:00:00.000Z');
  });

  it('runs a due job once when several instances look at the same moment, then waits for its next run', async () => {
    let runs = 0;
    const job = { everySeconds: 3_600, run: async () => void runs++ };
    const instances = [
      new Scheduler(first.db, log),
      new Scheduler(second.db, log),
      new Scheduler(first.db, log),
    ];
    for (const scheduler of instances) scheduler.schedule('count', job);
    await Promise.all(instances.map((s) => s.start()));
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toBe(0);

    await makeDue(first, 'count');
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toBe(1);
    await Promise.all(instances.map((s) => s.tick()));
    expect(runs).toBe(1);
    const [row] = await first.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'count'));
    expect(row!.nextRunAt.getTime()).toBe(nextRun(job, new Date()).getTime());
    expect(row!.lastRunAt).not.toBeNull();
    await Promise.all(instances.map((s) => s.stop()));
  });

  it('tries a failed run again after the backoff, not at its next regular time', async () => {
    let attempts = 0;
    const scheduler = new Scheduler(first.db, log);
    scheduler.schedule('flaky', {
      everySeconds: 86_400,
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error('the first run fails');
      },
    });
    await scheduler.start();
    await makeDue(first, 'flaky');
    await scheduler.tick();
    const [failed] = await first.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'flaky'));
    expect(failed).toMatchObject({ failures: 1, lastError: 'Error', lockedUntil: null });
    expect(failed!.nextRunAt.getTime() - Date.now()).toBeLessThanOrEqual(1_000);
    await expect
      .poll(
        async () => {
          await scheduler.tick();
          return attempts;
        },
        { timeout: 5_000 },
      )
      .toBe(2);
    const [done] = await first.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'flaky'));
    expect(done).toMatchObject({ failures: 0, lastError: null });
    await scheduler.stop();
  });
});
