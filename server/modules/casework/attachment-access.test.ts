import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { fixture, multipartBody } from '../../../tests/factories/application.ts';
import { createApplicantWithApplication, createStaff } from '../../../tests/factories/staff.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { auditLog } from '../../db/schema/index.ts';

/** Issue 22 finding 4: a message attachment is an applicant's file like a document, and read as one. */
const ctx = useTestApp();

const get = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { origin: ctx.app.config.publicUrl, cookie } });

/** An application whose applicant sent a message with a PDF: the attachment's and the transcript's addresses. */
async function applicationWithAttachment() {
  const { applicant, applicationId } = await createApplicantWithApplication(ctx.app);
  const { payload, contentType } = multipartBody({ body: 'My bank statement' }, [
    {
      key: 'attachment',
      ...fixture('transcript.pdf'),
      filename: 'statement.pdf',
      contentType: 'application/pdf',
    },
  ]);
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/messages`,
    payload,
    headers: {
      origin: ctx.app.config.publicUrl,
      cookie: applicant.cookie,
      'content-type': contentType,
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const message = sent.json<ApplicationView>().casework.messages.at(-1)!;
  return {
    applicant,
    applicationId,
    messageId: message.id,
    attachment: message.attachment!.url,
    document: `/api/applications/${applicationId}/documents/transcripts`,
  };
}

const auditsOf = (action: 'attachment.downloaded' | 'document.downloaded', actorId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)));

describe('message attachments and the second factor', () => {
  it.each([
    ['a consultant', 'consultant'],
    ['an admin', 'admin'],
  ] as const)(
    '%s without a second factor opens neither a document nor an attachment (404, as anyone else)',
    async (_who, role) => {
      const files = await applicationWithAttachment();
      const noFactor = await createUser(ctx.app, {
        role,
        email: uniqueEmail(role),
        secondFactor: false,
      });
      const document = await get(files.document, noFactor.cookie);
      const attachment = await get(files.attachment, noFactor.cookie);
      expect(document.statusCode).toBe(404);
      expect(attachment.statusCode).toBe(404);
      expect(attachment.json<{ error: { code: string } }>().error.code).toBe(
        'APPLICATION_NOT_FOUND',
      );
      expect(
        attachment.rawPayload.includes(fixture('transcript.pdf').content.subarray(0, 64)),
      ).toBe(false);
    },
  );

  it('staff with a second factor open both, and each download is audited with who and which', async () => {
    const files = await applicationWithAttachment();
    const consultant = await createStaff(ctx.app, 'consultant');
    const attachment = await get(files.attachment, consultant.cookie);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
    expect((await get(files.attachment, consultant.cookie)).statusCode).toBe(200);
    expect((await get(files.document, consultant.cookie)).statusCode).toBe(200);

    const attachmentAudits = await auditsOf('attachment.downloaded', consultant.user.id);
    expect(attachmentAudits).toHaveLength(2);
    expect(attachmentAudits[0]).toMatchObject({
      subjectType: 'message',
      subjectId: files.messageId,
      details: { applicationId: files.applicationId, fromTeam: false },
    });
    expect(await auditsOf('document.downloaded', consultant.user.id)).toHaveLength(1);
  });

  it('the applicant’s own download is not a staff download: nothing audited', async () => {
    const files = await applicationWithAttachment();
    expect((await get(files.attachment, files.applicant.cookie)).statusCode).toBe(200);
    expect(await auditsOf('attachment.downloaded', files.applicant.user.id)).toEqual([]);
  });
});
