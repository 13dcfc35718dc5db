import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { fixture } from '../../../tests/factories/application.ts';
import { reviewDocumentAs, uploadDocumentVersion } from '../../../tests/factories/casework.ts';
import { createApplicantWithApplication, createStaff } from '../../../tests/factories/staff.ts';
import { zipEntryNames } from '../../../tests/factories/zip.ts';
import { distinctPaths } from './service.ts';

/** Issue 22 finding 12: "Download my data" never holds two entries with one name. */
const ctx = useTestApp();

describe('the data export’s file names', () => {
  it('keeps both versions of a document sent again under the same file name', async () => {
    const { applicant, applicationId } = await createApplicantWithApplication(ctx.app);
    const consultant = await createStaff(ctx.app, 'consultant');
    const reviewed = await reviewDocumentAs(
      ctx.app,
      applicationId,
      'transcripts',
      { version: 1, state: 'rejected', reason: 'The scan is cut off' },
      { cookie: consultant.cookie },
    );
    expect(reviewed.statusCode).toBe(204);
    const again = await uploadDocumentVersion(
      ctx.app,
      applicationId,
      { key: 'transcripts', ...fixture('transcript.pdf'), contentType: 'application/pdf' },
      { cookie: applicant.cookie },
    );
    expect(again.statusCode).toBe(201);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/data-export',
      headers: { origin: ctx.app.config.publicUrl, cookie: applicant.cookie },
      payload: { password: applicant.password },
    });
    expect(res.statusCode).toBe(200);
    const names = await zipEntryNames(res.rawPayload);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names.filter((n) => n.startsWith(`documents/${applicationId}/`)).sort()).toEqual([
      `documents/${applicationId}/transcripts-v1-transcript.pdf`,
      `documents/${applicationId}/transcripts-v2-transcript.pdf`,
    ]);
  });

  it('gives a repeated path a number, as a case-blind file system would see it', () => {
    expect(distinctPaths(['a/x.pdf', 'a/X.pdf', 'a/x.pdf', 'data.json', 'b/notes'])).toEqual([
      'a/x.pdf',
      'a/X (2).pdf',
      'a/x (3).pdf',
      'data (2).json',
      'b/notes',
    ]);
  });
});
