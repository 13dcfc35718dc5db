import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { useStaffApplicationScenario } from '../../../tests/factories/staff-scenario.ts';
import { fixture, pdfOfSize } from '../../../tests/factories/application.ts';
import { reviewDocumentAs, uploadDocumentVersion } from '../../../tests/factories/casework.ts';
import {
  createApplicantWithApplication,
  createStaff,
  staffCall,
} from '../../../tests/factories/staff.ts';
import { storedState } from '../../../tests/factories/application-storage.ts';
import { openEventStream, openTrackStream } from '../../../tests/factories/application-stream.ts';
import { applicationDocuments, auditLog } from '../../db/schema/index.ts';

const ctx = useTestApp();
const { s, detail } = useStaffApplicationScenario(ctx);
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

const newTranscript = {
  key: 'transcripts',
  ...fixture('transcript.pdf'),
  filename: 'transcript-certified.pdf',
  contentType: 'application/pdf',
};
const tokenFor = (id: string) => ctx.app.trackingTokens.issue('track', id);

async function reject(reason = 'The scan is cut off at the bottom') {
  const res = await reviewDocumentAs(
    ctx.app,
    s.applicationId,
    'transcripts',
    { version: 1, state: 'rejected', reason },
    { cookie: s.consultant.cookie },
  );
  expect(res.statusCode, res.body).toBe(204);
}

async function applicantView(): Promise<ApplicationView> {
  const res = await staffCall(
    ctx.app,
    { method: 'GET', url: `/api/applications/${s.applicationId}` },
    s.applicant.cookie,
  );
  return res.json();
}

describe('staff check each document', () => {
  it('a new document is received; staff verify it, the applicant sees it verified, and the audit log says who', async () => {
    expect((await applicantView()).documents[0]).toMatchObject({
      key: 'transcripts',
      state: 'received',
      version: 1,
      rejectionReason: null,
    });
    const res = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await applicantView()).documents[0]).toMatchObject({ state: 'verified' });
    const { documents } = await detail();
    expect(documents[0]!.versions[0]).toMatchObject({
      state: 'verified',
      reviewedBy: { name: 'Cora Consultant' },
    });
    const entries = await ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'document.verified'), eq(auditLog.subjectId, documents[0]!.id)),
      );
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: s.consultant.user.id,
        details: { applicationId: s.applicationId, key: 'transcripts', part: 1, version: 1 },
      }),
    ]);
  });

  it('a rejection needs a reason, which the applicant reads', async () => {
    const bare = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, state: 'rejected' },
      { cookie: s.consultant.cookie },
    );
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.reason).toMatch(/Say why/);
    await reject();
    expect((await applicantView()).documents[0]).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The scan is cut off at the bottom',
    });
  });

  it('refuses a decision on a version that is no longer the current one (409), and unknown documents (404)', async () => {
    await reject();
    expect(
      (
        await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
          cookie: s.applicant.cookie,
        })
      ).statusCode,
    ).toBe(201);
    const stale = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DOCUMENT_CHANGED_MEANWHILE');
    const missing = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'cv',
      { version: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(missing.statusCode).toBe(404);
    const unknownKey = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'diploma',
      { version: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(unknownKey.statusCode).toBe(400);
  });

  it('two consultants on one document: the later decision, based on what it saw, gets 409 with the earlier one and overwrites nothing (issue 25 §2)', async () => {
    const colleague = await createStaff(ctx.app, 'consultant', 'Colin Colleague');
    const seen = (await detail()).documents[0]!;
    expect(seen).toMatchObject({ state: 'received', reviewVersion: 1 });
    const verified = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: seen.version, reviewVersion: seen.reviewVersion, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(verified.statusCode).toBe(204);
    const late = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      {
        version: seen.version,
        reviewVersion: seen.reviewVersion,
        state: 'rejected',
        reason: 'Blurred',
      },
      { cookie: colleague.cookie },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'DOCUMENT_REVIEWED_MEANWHILE',
      current: {
        reviewVersion: 2,
        state: 'verified',
        rejectionReason: null,
        reviewedBy: 'Cora Consultant',
      },
    });
    expect((await detail()).documents[0]).toMatchObject({ state: 'verified', reviewVersion: 2 });
    // having seen it, the colleague may still decide otherwise: on the current review
    const decided = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: seen.version, reviewVersion: 2, state: 'rejected', reason: 'Blurred' },
      { cookie: colleague.cookie },
    );
    expect(decided.statusCode).toBe(204);
    expect((await detail()).documents[0]).toMatchObject({
      state: 'rejected',
      rejectionReason: 'Blurred',
      reviewVersion: 3,
    });
    for (const reviewVersion of [0, 'x', null, 1.5])
      expect(
        (
          await staffCall(
            ctx.app,
            {
              method: 'POST',
              url: `/api/staff/applications/${s.applicationId}/documents/transcripts/review`,
              payload: { version: 1, reviewVersion, state: 'verified' },
            },
            s.consultant.cookie,
          )
        ).statusCode,
      ).toBe(400);
  });
});

describe('the applicant sends a rejected document again', () => {
  it('from the track page (tracking token): a new version, received, older ones kept for staff only', async () => {
    await reject();
    const res = await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
      token: tokenFor(s.applicationId),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<ApplicationView>();
    expect(view.documents).toEqual([
      expect.objectContaining({
        key: 'transcripts',
        version: 2,
        state: 'received',
        fileName: 'transcript-certified.pdf',
        rejectionReason: null,
      }),
    ]);

    const { documents } = await detail();
    expect(documents[0]!.versions.map((v) => [v.version, v.state, v.originalName])).toEqual([
      [2, 'received', 'transcript-certified.pdf'],
      [1, 'rejected', 'transcript.pdf'],
    ]);
    const older = documents[0]!.versions[1]!;
    const asStaff = await staffCall(
      ctx.app,
      { method: 'GET', url: older.url },
      s.consultant.cookie,
    );
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['cache-control']).toBe('private, no-store');
    expect(asStaff.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.subjectId, older.id)));
    expect(audit).toHaveLength(1);
    // the applicant (owner) cannot open an older version; the current one is what their link gives
    expect(
      (await staffCall(ctx.app, { method: 'GET', url: older.url }, s.applicant.cookie)).statusCode,
    ).toBe(403);
    const current = await staffCall(
      ctx.app,
      { method: 'GET', url: view.documents[0]!.url },
      s.applicant.cookie,
    );
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-disposition']).toContain('transcript-certified.pdf');
  });

  it('signed in as the owner, and only while the current version is rejected', async () => {
    const early = await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
      cookie: s.applicant.cookie,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('DOCUMENT_NOT_REQUESTED');
    await reject();
    expect(
      (
        await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
          cookie: s.applicant.cookie,
        })
      ).statusCode,
    ).toBe(201);
    const again = await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
      cookie: s.applicant.cookie,
    });
    expect(again.statusCode).toBe(409);
    const neverSent = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      { ...newTranscript, key: 'cv' },
      { cookie: s.applicant.cookie },
    );
    expect(neverSent.statusCode).toBe(409);
  });

  it('keeps the checks of the submission: type by content, size, one file of that document; nothing is stored when refused', async () => {
    await reject();
    const before = await storedState(ctx.app);
    const caller = { token: tokenFor(s.applicationId) };
    const exe = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      { key: 'transcripts', ...fixture('not-a-pdf.pdf'), contentType: 'application/pdf' },
      caller,
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    const large = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      { key: 'transcripts', ...pdfOfSize(11 * 1024 * 1024) },
      caller,
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(
      'Transcripts is larger than 10 MB. Please upload a smaller file.',
    );
    const other = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      { ...newTranscript, key: 'cv' },
      caller,
      'transcripts',
    );
    expect(other.statusCode).toBe(400);
    const empty = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      { key: 'transcripts', filename: 'empty.pdf', content: Buffer.alloc(0) },
      caller,
    );
    expect(empty.statusCode).toBe(400);
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/applications/${s.applicationId}/documents/transcripts`,
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await storedState(ctx.app)).toEqual(before);
    const rows = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, s.applicationId));
    expect(rows).toHaveLength(1);
  });
});

describe('who may send or decide', () => {
  it('refuses a signed-out visitor (401), another applicant and another application’s tracking token (404)', async () => {
    await reject();
    const other = await createApplicantWithApplication(ctx.app);
    const refusals = [
      [{}, 401],
      [{ cookie: other.applicant.cookie }, 404],
      [{ token: tokenFor(other.applicationId) }, 404],
      [{ cookie: s.consultant.cookie }, 404],
      [{ token: 'forged.token' }, 401],
    ] as const;
    for (const [caller, status] of refusals) {
      const res = await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, caller);
      expect(res.statusCode, JSON.stringify(caller)).toBe(status);
    }
    expect((await applicantView()).documents[0]).toMatchObject({ version: 1, state: 'rejected' });
  });

  it('staff routes refuse a signed-out visitor, an applicant and a tracking token', async () => {
    const { documents } = await detail();
    const versionUrl = documents[0]!.versions[0]!.url;
    const callers = [{}, { cookie: s.applicant.cookie }, { token: tokenFor(s.applicationId) }];
    for (const caller of callers) {
      const review = await reviewDocumentAs(
        ctx.app,
        s.applicationId,
        'transcripts',
        { version: 1, state: 'verified' },
        caller,
      );
      expect(review.statusCode, JSON.stringify(caller)).toBe(caller.cookie ? 403 : 401);
      const download = await ctx.app.inject({
        method: 'GET',
        url: versionUrl,
        headers: {
          ...(caller.cookie ? { cookie: caller.cookie } : {}),
          ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        },
      });
      expect(download.statusCode, JSON.stringify(caller)).toBe(caller.cookie ? 403 : 401);
    }
    expect((await applicantView()).documents[0]).toMatchObject({ state: 'received' });
  });
});

describe('live', () => {
  it('the open track page sees the rejection and the new version; the dashboard and the staff console too', async () => {
    const track = await openTrackStream(
      baseUrl,
      ctx.app.trackingTokens.issue('stream', s.applicationId),
    );
    const dashboard = await openEventStream(`${baseUrl}/api/me/applications/stream`, {
      cookie: s.applicant.cookie,
    });
    const consoleStream = await openEventStream(
      `${baseUrl}/api/staff/applications/${s.applicationId}/stream`,
      { cookie: s.consultant.cookie },
    );
    try {
      expect(consoleStream.status).toBe(200);
      for (const stream of [track, consoleStream]) {
        expect(
          (JSON.parse((await stream.next()).data) as ApplicationView).documents[0]!.state,
        ).toBe('received');
      }
      await reject('Blurred');
      for (const stream of [track, dashboard, consoleStream]) {
        expect(
          (JSON.parse((await stream.next()).data) as ApplicationView).documents[0],
        ).toMatchObject({ state: 'rejected', rejectionReason: 'Blurred' });
      }
      await uploadDocumentVersion(ctx.app, s.applicationId, newTranscript, {
        token: tokenFor(s.applicationId),
      });
      for (const stream of [track, dashboard, consoleStream]) {
        expect(
          (JSON.parse((await stream.next()).data) as ApplicationView).documents[0],
        ).toMatchObject({ state: 'received', version: 2 });
      }
    } finally {
      consoleStream.close();
      track.close();
      dashboard.close();
    }
  });
});
