import { Worker } from 'node:worker_threads';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createStaff } from '../../../tests/factories/staff.ts';
import { universities } from '../../db/schema/index.ts';

/** Issue 22 finding 9: the logo upload's decompression bomb. */
const t = useTestApp();
let baseUrl: string;
let cookie: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  cookie = (await createStaff(t.app, 'admin')).cookie;
});

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG of 8-bit RGBA with this header and these already-compressed image data. */
function pngOf(width: number, height: number, interlaced: boolean, imageData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, interlaced ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', imageData),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A zlib stream of `16 MiB × blocks` zeros, built without holding them: after a full flush deflate
 * starts afresh, so one compressed block repeats, then a final empty block and the checksum.
 */
function zerosStream(blocks: number): Buffer {
  const size = 16 * 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(size), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size * blocks) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(blocks).fill(block),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}

/** A real interlaced image: each Adam7 pass's rows, filter byte 0, pixels from `colour(x, y)`. */
function interlacedPng(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    if (x0 >= width) continue;
    for (let y = y0; y < height; y += dy) {
      rows.push(0);
      for (let x = x0; x < width; x += dx) rows.push(...colour(x, y));
    }
  }
  return pngOf(width, height, true, deflateSync(Buffer.from(rows)));
}

const upload = (body: Buffer) =>
  fetch(`${baseUrl}/api/staff/catalogue/universities/university-of-leeds/logo`, {
    method: 'POST',
    headers: { origin: t.app.config.publicUrl, cookie, 'content-type': 'image/png' },
    body: new Uint8Array(body),
  });

/** The process's resident memory, sampled every millisecond by a thread the request thread cannot stall. */
function rssSampler() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = 0;
     const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
     setInterval(sample, 1);
     parentPort.on('message', () => { sample(); parentPort.postMessage(peak); peak = 0; });`,
    { eval: true },
  );
  return {
    /** The highest RSS since the last call, in bytes, and a fresh start. */
    peak: () =>
      new Promise<number>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('peak');
      }),
    stop: () => worker.terminate(),
  };
}

/** GETs `url` one after another until `until()`: each answer's status and milliseconds. */
async function latencies(until: () => boolean, url: string) {
  const taken: { status: number; ms: number }[] = [];
  do {
    const started = performance.now();
    // a dropped connection counts as status 0
    const status = await fetch(url)
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    taken.push({ status, ms: performance.now() - started });
  } while (!until());
  return taken;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const summary = (list: { ms: number }[]) =>
  `median ${median(list.map((l) => l.ms)).toFixed(1)} ms, max ${Math.max(...list.map((l) => l.ms)).toFixed(1)} ms`;

describe('the logo upload and a decompression bomb', () => {
  const sampler = rssSampler();
  afterAll(() => sampler.stop());

  it('still takes a real interlaced PNG, its pixels kept', async () => {
    const colour = (x: number, y: number) => [x * 20, y * 30, 100, 255];
    const res = await upload(interlacedPng(13, 7, colour));
    expect(res.status).toBe(200);
    const { logoUrl } = (await res.json()) as { logoUrl: string };
    const served = PNG.sync.read(
      Buffer.from(await (await fetch(`${baseUrl}${logoUrl}`)).arrayBuffer()),
    );
    expect([served.width, served.height]).toEqual([13, 7]);
    const at = (x: number, y: number) => [
      ...served.data.subarray((y * 13 + x) * 4, (y * 13 + x) * 4 + 4),
    ];
    expect(at(12, 6)).toEqual(colour(12, 6));
    expect(at(5, 3)).toEqual(colour(5, 3));
  });

  it(
    'refuses a 1 × 1 interlaced PNG holding 1.5 GB of zeros: memory stays bounded, other requests go on',
    { timeout: 300_000 },
    async () => {
      const bomb = pngOf(1, 1, true, zerosStream(96));
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const [before] = await t.app.db
        .select({ logo: universities.logo })
        .from(universities)
        .where(eq(universities.id, 'university-of-leeds'));
      const health = `${baseUrl}/api/health`;
      const baseline = await latencies(
        (
          (n) => () =>
            --n <= 0
        )(30),
        health,
      );

      await sampler.peak();
      const rssBefore = process.memoryUsage.rss();
      let posting = true;
      const during = latencies(() => !posting, health);
      const answers = await Promise.all(
        [1, 2, 3].map(async () => {
          const res = await upload(bomb);
          return { status: res.status, body: (await res.json()) as { error: { code: string } } };
        }),
      );
      posting = false;
      const taken = await during;
      const grew = (await sampler.peak()) - rssBefore;

      console.warn(
        `logo bomb: RSS +${(grew / 2 ** 20).toFixed(1)} MiB; /api/health while posting: ` +
          `${taken.length} requests, ${summary(taken)} (before: ${summary(baseline)})`,
      );
      expect(taken.map((l) => l.status).filter((status) => status !== 200)).toEqual([]);
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body.error.code).toBe('LOGO_UNREADABLE');
      }
      expect(grew).toBeLessThan(64 * 2 ** 20);
      // on 4f65be7 every request waited for the bomb's inflation: seconds, not milliseconds
      const slowest = (list: { ms: number }[]) => Math.max(...list.map((l) => l.ms));
      expect(slowest(taken)).toBeLessThan(Math.max(2000, 10 * slowest(baseline)));
      const [after] = await t.app.db
        .select({ logo: universities.logo })
        .from(universities)
        .where(eq(universities.id, 'university-of-leeds'));
      expect(after).toEqual(before);
    },
  );
});
