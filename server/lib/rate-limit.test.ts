import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { rateLimits as rateLimitsTable } from '../db/schema/rate-limits.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { createRateLimits } from './rate-limit.ts';

let first: Database;
let second: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  first = await openDatabase(test.database);
  await runMigrations(first.kind, first.db);
  // Two instances: a second connection pool on PostgreSQL; PGlite has one process, so the same client.
  second = test.database.kind === 'postgres' ? await openDatabase(test.database) : first;
});

afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await drop();
});

const rule = { max: 3, windowSeconds: 60 };

describe('shared rate limits', () => {
  it('counts attempts of several instances together', async () => {
    const a = createRateLimits(first.db, 'secret').limit('shared', rule);
    const b = createRateLimits(second.db, 'secret').limit('shared', rule);
    expect((await a.consume('203.0.113.7')).allowed).toBe(true);
    expect((await b.consume('203.0.113.7')).allowed).toBe(true);
    expect((await a.consume('203.0.113.7')).allowed).toBe(true);
    const refused = await b.consume('203.0.113.7');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await a.consume('203.0.113.8')).allowed).toBe(true);
  });

  it('lets exactly the limit through when attempts arrive at once', async () => {
    const limit = createRateLimits(first.db, 'secret').limit('burst', {
      max: 5,
      windowSeconds: 60,
    });
    const other = createRateLimits(second.db, 'secret').limit('burst', {
      max: 5,
      windowSeconds: 60,
    });
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? limit : other).consume('one-client')),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it('keeps separate counters per name and stores only hashes of the keys', async () => {
    const limits = createRateLimits(first.db, 'secret');
    await limits.limit('by-email', rule).consume('someone@example.com');
    await limits.limit('other', rule).consume('someone@example.com');
    const rows = await first.db.select().from(rateLimitsTable);
    expect(JSON.stringify(rows)).not.toMatch(/someone|example\.com|203\.0\.113/);
    expect((await limits.limit('by-email', rule).peek('someone@example.com')).remaining).toBe(2);
    expect((await limits.limit('other', rule).peek('someone@example.com')).remaining).toBe(2);
  });

  it('starts again after the window, forgets on reset, and the sweep removes ended windows', async () => {
    const limits = createRateLimits(first.db, 'secret');
    const short = limits.limit('short', { max: 1, windowSeconds: 1 });
    expect((await short.consume('k')).allowed).toBe(true);
    expect((await short.consume('k')).allowed).toBe(false);
    await short.reset('k');
    expect((await short.consume('k')).allowed).toBe(true);
    const before = (await first.db.select().from(rateLimitsTable)).length;
    expect(await limits.sweep(new Date(Date.now() + 2_000))).toBeGreaterThan(0);
    expect((await first.db.select().from(rateLimitsTable)).length).toBeLessThan(before);
    expect((await short.consume('k')).allowed).toBe(true);
  });
});
