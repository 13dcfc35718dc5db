import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicationFields,
  fixture,
  multipartBody,
  pdfOfSize,
  submitApplication,
} from '../../../tests/factories/application.ts';
import {
  countApplicationRows,
  listUploadedFiles,
  storedState,
} from '../../../tests/factories/application-storage.ts';

const ctx = useTestApp();
const mb = 1024 * 1024;
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('files are checked by content and size while they stream', () => {
  it('refuses an .exe renamed .pdf with 415, naming the document, and stores nothing', async () => {
    const before = await storedState(ctx.app);
    const res = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'transcripts', ...fixture('not-a-pdf.pdf'), contentType: 'application/pdf' }],
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      fields: { transcripts: expect.any(String) },
    });
    expect(res.json().error.message).toMatch(/^Transcripts must be a PDF, JPG or PNG file/);
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('refuses an 11 MB file with 413 and a clear message, storing nothing', async () => {
    const before = await storedState(ctx.app);
    const res = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'passportCopy', ...pdfOfSize(11 * mb) }],
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
    expect(res.json().error.message).toBe(
      'Passport Copy is larger than 10 MB. Please upload a smaller file.',
    );
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('stops an oversized upload over HTTP as it streams, with the same answer', async () => {
    const before = await storedState(ctx.app);
    const { payload, contentType } = multipartBody(createApplicationFields(), [
      { key: 'transcripts', ...fixture('transcript.pdf') },
      { key: 'cv', ...pdfOfSize(11 * mb) },
    ]);
    const res = await fetch(`${baseUrl}/api/applications`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^CV is larger than 10 MB/,
    );
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'cv', ...pdfOfSize(10 * mb) }],
    });
    expect(res.statusCode).toBe(201);
  });

  it('removes the files already stored when a later file is refused', async () => {
    const before = await storedState(ctx.app);
    const res = await submitApplication(ctx.app, createApplicationFields(), {
      files: [
        { key: 'transcripts', ...fixture('transcript.pdf') },
        { key: 'passportCopy', ...fixture('passport.png') },
        { key: 'cv', ...fixture('not-a-pdf.pdf') },
      ],
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/^CV must be/);
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('refuses an empty file, a fourth file for one document, an unknown document and fields after files', async () => {
    const before = await storedState(ctx.app);
    const empty = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'cv', filename: 'cv.pdf', content: Buffer.alloc(0) }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('EMPTY_FILE');

    // three files per document (issue 25 §3): a fourth is refused, naming the document
    const fourTimes = await submitApplication(ctx.app, createApplicationFields(), {
      files: [1, 2, 3, 4].map(() => ({ key: 'cv', ...fixture('transcript.pdf') })),
    });
    expect(fourTimes.statusCode).toBe(400);
    expect(fourTimes.json().error).toMatchObject({
      code: 'TOO_MANY_FILES_IN_SLOT',
      issues: { cv: { code: 'TOO_MANY_FILES_IN_SLOT', params: { maximum: 3 } } },
    });

    const unknown = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'selfie', ...fixture('passport.png') }],
    });
    expect(unknown.json().error.code).toBe('UNKNOWN_DOCUMENT');

    const file = multipartBody({}, [{ key: 'cv', ...fixture('transcript.pdf') }]);
    const boundary = file.contentType.split('boundary=')[1]!;
    const fieldsAfter = Buffer.concat(
      [
        file.payload.subarray(0, file.payload.length - `--${boundary}--\r\n`.length),
        multipartBody(createApplicationFields(), [])
          .payload.toString('latin1')
          .replace(/----portal[0-9a-f]+/g, boundary) as unknown as Buffer,
      ].map((part) => Buffer.from(part)),
    );
    const fieldsLate = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: fieldsAfter,
      headers: { 'content-type': file.contentType },
    });
    expect(fieldsLate.statusCode).toBe(400);
    expect(await storedState(ctx.app)).toEqual(before);
  });

  it('skips a file input left empty (no file name, no bytes)', async () => {
    const res = await submitApplication(ctx.app, createApplicationFields(), {
      files: [{ key: 'cv', filename: '', content: Buffer.alloc(0) }],
    });
    expect(res.statusCode).toBe(201);
  });

  it('stores nothing when the client goes away in the middle of an upload', async () => {
    const before = await storedState(ctx.app);
    const { payload, contentType } = multipartBody(createApplicationFields(), [
      { key: 'transcripts', ...fixture('transcript.pdf') },
      { key: 'cv', ...pdfOfSize(4 * mb) },
    ]);
    const { port } = new URL(baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/applications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    // the fields and the first file, then half of the second
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
    // the first file reaches storage before the client leaves
    await waitUntil(async () => (await listUploadedFiles(ctx.app)).length > before.files.length);
    socket.destroy();
    await waitUntil(
      async () => JSON.stringify(await storedState(ctx.app)) === JSON.stringify(before),
    );
    expect(await storedState(ctx.app)).toEqual(before);
  });
});

describe('idempotency', () => {
  it('answers a replayed key with the first id and creates one application', async () => {
    const key = randomUUID();
    const fields = createApplicationFields();
    const files = [{ key: 'transcripts', ...fixture('transcript.pdf') }];
    const first = await submitApplication(ctx.app, fields, { idempotencyKey: key, files });
    expect(first.statusCode).toBe(201);
    const before = await storedState(ctx.app);
    const replay = await submitApplication(ctx.app, fields, { idempotencyKey: key, files });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await storedState(ctx.app)).toEqual(before);
    const rows = await ctx.app.db
      .select()
      .from(applications)
      .where(eq(applications.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('creates one application when the same key arrives twice at once, and removes the loser’s files', async () => {
    const key = randomUUID();
    const fields = createApplicationFields();
    const { payload, contentType } = multipartBody(fields, [
      { key: 'transcripts', ...fixture('transcript.pdf') },
      { key: 'cv', ...pdfOfSize(2 * mb) },
    ]);
    const before = await countApplicationRows(ctx.app);
    const send = () =>
      fetch(`${baseUrl}/api/applications`, {
        method: 'POST',
        body: payload,
        headers: { 'content-type': contentType, 'idempotency-key': key },
      });
    const answers = await Promise.all([send(), send(), send()]);
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ id: string }>));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const after = await countApplicationRows(ctx.app);
    expect(after.applications).toBe(before.applications + 1);
    expect(after.documents).toBe(before.documents + 2);
    const files = await listUploadedFiles(ctx.app);
    expect(files.filter((f) => !f.startsWith('.incoming')).length).toBe(after.documents);
  });
});
