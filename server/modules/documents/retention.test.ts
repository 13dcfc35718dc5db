import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../db/schema/applications.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { listUploadedFiles } from '../../../tests/factories/application-storage.ts';
import { changeStatus } from '../applications/status.ts';
import type { ApplicationStatus } from '../../../shared/application-status.ts';

const ctx = useTestApp({ DOCUMENT_RETENTION_MONTHS: '6' });

async function applicationAt(status: ApplicationStatus, monthsAgo: number) {
  const { id } = await createApplication(
    ctx.app,
    {},
    { files: [{ key: 'transcripts', ...fixture('transcript.pdf') }] },
  );
  for (const to of ['reviewed', 'applied', 'offered', 'accepted'] as const) {
    if (status === 'submitted') break;
    await changeStatus(ctx.app, { applicationId: id, to, actorId: null });
    if (to === status) break;
  }
  await ctx.app.db
    .update(applications)
    .set({ lastStatusUpdate: sql`now() - make_interval(months => ${monthsAgo})` })
    .where(eq(applications.id, id));
  const [doc] = await ctx.app.db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, id));
  return { id, file: doc!.storageKey };
}

describe('document retention', () => {
  it('deletes the documents of applications closed longer than the retention, and only those', async () => {
    const old = await applicationAt('accepted', 7);
    const recent = await applicationAt('accepted', 5);
    const stillOpen = await applicationAt('offered', 9);
    await ctx.app.scheduler.runNow('documents.retention');

    const files = await listUploadedFiles(ctx.app);
    expect(files).not.toContain(old.file);
    expect(files).toEqual(expect.arrayContaining([recent.file, stillOpen.file]));
    const docs = async (id: string) =>
      ctx.app.db.$count(applicationDocuments, eq(applicationDocuments.applicationId, id));
    expect(await docs(old.id)).toBe(0);
    expect(await docs(recent.id)).toBe(1);
    expect(await docs(stillOpen.id)).toBe(1);
    // the record and its history stay
    const [row] = await ctx.app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, old.id));
    expect(row!.status).toBe('accepted');
  });
});
