import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applicationDocuments } from '../../db/schema/index.ts';
import {
  createApplication,
  fixture,
  pdfOfSize,
  submitApplication,
  createApplicationFields,
} from '../../../tests/factories/application.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { startS3Server, type S3TestServer } from '../../../tests/support/s3-server.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/** The whole submit-and-download path with UPLOADS_DRIVER=s3, against a real S3-protocol server. */
let s3: S3TestServer;
let ctx: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestApp({ ...s3.env, UPLOADS_S3_PREFIX: 'documents/', MAX_UPLOAD_MB: '1' });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

describe('documents in an S3 bucket', () => {
  it('stores the uploads in the bucket and sends them back as attachments with their stored type', async () => {
    const owner = await createUser(ctx.app);
    const { id } = await createApplication(
      ctx.app,
      {},
      {
        cookie: owner.cookie,
        files: [
          { key: 'transcripts', ...fixture('transcript.pdf'), filename: 'My transcript.pdf' },
          { key: 'passportCopy', ...fixture('passport.png') },
        ],
      },
    );
    const stored = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id));
    expect(stored).toHaveLength(2);
    const names = await s3.objectNames();
    for (const doc of stored) expect(names).toContain(`documents/${doc.storageKey}`);

    const res = await ctx.app.inject({
      url: `/api/applications/${id}/documents/transcripts`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="My transcript.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
  });

  it('puts nothing in the bucket for a refused file, and removes what a refused submission had stored', async () => {
    const before = await s3.objectNames();
    const tooLarge = await submitApplication(ctx.app, createApplicationFields(), {
      files: [
        { key: 'transcripts', ...fixture('transcript.pdf') },
        { key: 'cv', ...pdfOfSize(1024 * 1024 + 1) },
      ],
    });
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await submitApplication(ctx.app, createApplicationFields(), {
      files: [
        { key: 'transcripts', ...fixture('transcript.pdf') },
        { key: 'cv', ...fixture('not-a-pdf.pdf') },
      ],
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await s3.objectNames()).toEqual(before);
  });

  it('answers 404, not 500, when the object has gone from the bucket', async () => {
    const owner = await createUser(ctx.app);
    const { id } = await createApplication(
      ctx.app,
      {},
      { cookie: owner.cookie, files: [{ key: 'cv', ...fixture('transcript.pdf') }] },
    );
    const [doc] = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id));
    await ctx.app.storage.delete(doc!.storageKey);
    expect(await s3.objectNames()).not.toContain(`documents/${doc!.storageKey}`);
    const res = await ctx.app.inject({
      url: `/api/applications/${id}/documents/cv`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('DOCUMENT_NOT_FOUND');
  });
});
