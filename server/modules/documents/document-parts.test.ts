import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import type { StaffApplicationDetail } from '../../../shared/schemas/staff.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { reviewDocumentAs, uploadDocumentVersion } from '../../../tests/factories/casework.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { storedState } from '../../../tests/factories/application-storage.ts';
import { applicationDocuments, auditLog } from '../../db/schema/index.ts';

/** Issue 25 §3 with §2: each file of a document slot is reviewed, rejected and sent again on its own. */
const ctx = useTestApp();

const s = {} as {
  consultant: Awaited<ReturnType<typeof createStaff>>;
  applicant: Awaited<ReturnType<typeof createUser>>;
  applicationId: string;
};

beforeEach(async () => {
  s.consultant ??= await createStaff(ctx.app, 'consultant', 'Cora Consultant');
  s.applicant = await createUser(ctx.app);
  const { id } = await createApplication(
    ctx.app,
    { email: s.applicant.user.email },
    {
      cookie: s.applicant.cookie,
      files: [
        { key: 'transcripts', ...fixture('transcript.pdf'), filename: 'transcript.pdf' },
        { key: 'transcripts', ...fixture('certificate.jpg'), filename: 'degree-certificate.jpg' },
      ],
    },
  );
  s.applicationId = id;
});

const newCertificate = {
  key: 'transcripts',
  ...fixture('transcript.pdf'),
  filename: 'degree-certificate-certified.pdf',
  contentType: 'application/pdf',
};

async function rows() {
  return ctx.app.db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, s.applicationId))
    .orderBy(asc(applicationDocuments.part), asc(applicationDocuments.version));
}

async function applicantView(): Promise<ApplicationView> {
  const res = await staffCall(
    ctx.app,
    { method: 'GET', url: `/api/applications/${s.applicationId}` },
    s.applicant.cookie,
  );
  return res.json();
}

async function staffDocuments() {
  const res = await staffCall(
    ctx.app,
    { method: 'GET', url: `/api/staff/applications/${s.applicationId}` },
    s.consultant.cookie,
  );
  return (res.json() as StaffApplicationDetail).documents;
}

const rejectPart2 = (reason = 'The certificate is not certified', reviewVersion?: number) =>
  reviewDocumentAs(
    ctx.app,
    s.applicationId,
    'transcripts',
    { version: 1, reviewVersion, state: 'rejected', reason },
    { cookie: s.consultant.cookie },
    2,
  );

describe('each file of a slot has its own review', () => {
  it('rejecting the second file leaves the first as it was; staff and the applicant see it per file', async () => {
    const res = await rejectPart2();
    expect(res.statusCode, res.body).toBe(204);
    expect(
      (await rows()).map((r) => [r.part, r.version, r.state, r.rejectionReason, r.reviewVersion]),
    ).toEqual([
      [1, 1, 'received', null, 1],
      [2, 1, 'rejected', 'The certificate is not certified', 2],
    ]);
    const staff = await staffDocuments();
    expect(staff.map((d) => [d.part, d.state, d.reviewVersion])).toEqual([
      [1, 'received', 1],
      [2, 'rejected', 2],
    ]);
    const view = await applicantView();
    expect(view.documents.map((d) => [d.part, d.fileName, d.state, d.rejectionReason])).toEqual([
      [1, 'transcript.pdf', 'received', null],
      [2, 'degree-certificate.jpg', 'rejected', 'The certificate is not certified'],
    ]);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.rejected'), eq(auditLog.subjectId, staff[1]!.id)));
    expect(audit?.details).toMatchObject({ key: 'transcripts', part: 2, version: 1 });

    // the first file's review is its own: verified on its own review version
    const first = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, reviewVersion: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
    );
    expect(first.statusCode, first.body).toBe(204);
    expect((await rows()).map((r) => [r.part, r.state, r.reviewVersion])).toEqual([
      [1, 'verified', 2],
      [2, 'rejected', 2],
    ]);
  });

  it('a review of the second file based on an old review is 409 with it as it is, and overwrites nothing', async () => {
    const colleague = await createStaff(ctx.app, 'consultant', 'Colin Colleague');
    expect((await rejectPart2('Blurred', 1)).statusCode).toBe(204);
    const late = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, reviewVersion: 1, state: 'verified' },
      { cookie: colleague.cookie },
      2,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'DOCUMENT_REVIEWED_MEANWHILE',
      current: {
        reviewVersion: 2,
        state: 'rejected',
        rejectionReason: 'Blurred',
        reviewedBy: 'Cora Consultant',
      },
    });
    expect((await rows()).map((r) => [r.part, r.state, r.rejectionReason])).toEqual([
      [1, 'received', null],
      [2, 'rejected', 'Blurred'],
    ]);
    // after the applicant sends the second file again, a decision on the old file is 409 too
    const sent = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      newCertificate,
      { cookie: s.applicant.cookie },
      'transcripts',
      2,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const stale = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, reviewVersion: 2, state: 'verified' },
      { cookie: colleague.cookie },
      2,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('DOCUMENT_CHANGED_MEANWHILE');
  });
});

describe('the applicant sends just the rejected file again', () => {
  it('a new version of the second file; the first is kept as it was and is not open to a re-upload', async () => {
    await rejectPart2();
    const first = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      newCertificate,
      { cookie: s.applicant.cookie },
      'transcripts',
    );
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('DOCUMENT_NOT_REQUESTED');

    const res = await uploadDocumentVersion(
      ctx.app,
      s.applicationId,
      newCertificate,
      { token: ctx.app.trackingTokens.issue('track', s.applicationId) },
      'transcripts',
      2,
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<ApplicationView>();
    expect(view.documents.map((d) => [d.part, d.version, d.fileName, d.state])).toEqual([
      [1, 1, 'transcript.pdf', 'received'],
      [2, 2, 'degree-certificate-certified.pdf', 'received'],
    ]);
    expect((await rows()).map((r) => [r.part, r.version, r.originalName, r.state])).toEqual([
      [1, 1, 'transcript.pdf', 'received'],
      [2, 1, 'degree-certificate.jpg', 'rejected'],
      [2, 2, 'degree-certificate-certified.pdf', 'received'],
    ]);
    const second = view.documents.find((d) => d.part === 2)!;
    expect(second.url).toBe(`/api/applications/${s.applicationId}/documents/transcripts?part=2`);
    const download = await staffCall(
      ctx.app,
      { method: 'GET', url: second.url },
      s.applicant.cookie,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    // staff see the second file's versions, newest first, under it alone
    const staff = await staffDocuments();
    expect(staff[0]!.versions.map((v) => v.version)).toEqual([1]);
    expect(staff[1]!.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'received'],
      [1, 'rejected'],
    ]);
  });
});

describe('hostile or foreign parts', () => {
  const hostile = ['0', '4', 'x', '-1', '1e9', '\u0000', '', '1.5', ' 2', '02'];

  it('a part that is not 1 to 3 is a 400 on the download, the re-upload and the review; nothing changes', async () => {
    await rejectPart2();
    const before = await storedState(ctx.app);
    const beforeRows = await rows();
    const q = (part: string) => `?part=${encodeURIComponent(part)}`;
    for (const part of hostile) {
      const download = await staffCall(
        ctx.app,
        {
          method: 'GET',
          url: `/api/applications/${s.applicationId}/documents/transcripts${q(part)}`,
        },
        s.applicant.cookie,
      );
      expect(download.statusCode, `download ${JSON.stringify(part)}`).toBe(400);
      const upload = await uploadDocumentVersion(
        ctx.app,
        s.applicationId,
        newCertificate,
        { cookie: s.applicant.cookie },
        'transcripts',
        part,
      );
      expect(upload.statusCode, `upload ${JSON.stringify(part)}`).toBe(400);
      const review = await reviewDocumentAs(
        ctx.app,
        s.applicationId,
        'transcripts',
        { version: 1, reviewVersion: 2, state: 'verified' },
        { cookie: s.consultant.cookie },
        part,
      );
      expect(review.statusCode, `review ${JSON.stringify(part)}`).toBe(400);
    }
    // twice, or with another parameter beside it
    for (const query of ['?part=2&part=2', '?part=2&other=1', '?part[]=2']) {
      const res = await staffCall(
        ctx.app,
        {
          method: 'POST',
          url: `/api/staff/applications/${s.applicationId}/documents/transcripts/review${query}`,
          payload: { version: 1, reviewVersion: 2, state: 'verified' },
        },
        s.consultant.cookie,
      );
      expect(res.statusCode, query).toBe(400);
    }
    expect(await storedState(ctx.app)).toEqual(before);
    expect(await rows()).toEqual(beforeRows);
  });

  it('a part the slot does not have, or another applicant’s, is 404', async () => {
    await rejectPart2();
    const third = await reviewDocumentAs(
      ctx.app,
      s.applicationId,
      'transcripts',
      { version: 1, reviewVersion: 1, state: 'verified' },
      { cookie: s.consultant.cookie },
      3,
    );
    expect(third.statusCode).toBe(404);
    expect(third.json().error.code).toBe('DOCUMENT_NOT_FOUND');

    const other = await createUser(ctx.app);
    const asOther = await staffCall(
      ctx.app,
      { method: 'GET', url: `/api/applications/${s.applicationId}/documents/transcripts?part=2` },
      other.cookie,
    );
    expect(asOther.statusCode).toBe(404);
    const otherToken = ctx.app.trackingTokens.issue(
      'track',
      (await createApplication(ctx.app, { email: other.user.email }, { cookie: other.cookie })).id,
    );
    for (const caller of [{ cookie: other.cookie }, { token: otherToken }]) {
      const upload = await uploadDocumentVersion(
        ctx.app,
        s.applicationId,
        newCertificate,
        caller,
        'transcripts',
        2,
      );
      expect(upload.statusCode, JSON.stringify(caller)).toBe(404);
    }
    expect((await rows()).map((r) => [r.part, r.version, r.state])).toEqual([
      [1, 1, 'received'],
      [2, 1, 'rejected'],
    ]);
  });
});
