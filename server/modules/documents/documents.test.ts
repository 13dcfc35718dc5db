import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../shared/schemas/application.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { detectFileType } from './file-type.ts';
import { downloadName } from './service.ts';

const ctx = useTestApp();

function download(id: string, key: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/applications/${id}/documents/${key}`,
    headers,
  });
}

async function ownedApplication() {
  const owner = await createUser(ctx.app);
  const { id, email } = await createApplication(
    ctx.app,
    {},
    {
      cookie: owner.cookie,
      files: [
        {
          key: 'transcripts',
          ...fixture('transcript.pdf'),
          filename: 'Transcript – final (v2).pdf',
        },
      ],
    },
  );
  return { id, email, owner };
}

describe('GET /api/applications/:id/documents/:key', () => {
  it('sends the owner the file as an attachment with its stored type', async () => {
    const { id, owner } = await ownedApplication();
    const res = await download(id, 'transcripts', { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Transcript _ final _v2_.pdf"',
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(fixture('transcript.pdf').content)).toBe(true);
  });

  it('refuses another signed-in user and a visitor', async () => {
    const { id } = await ownedApplication();
    const stranger = await createUser(ctx.app);
    const refused = await download(id, 'transcripts', { cookie: stranger.cookie });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('DOCUMENT_NOT_FOUND');
    expect((await download(id, 'transcripts')).statusCode).toBe(401);
  });

  it('sends it to staff', async () => {
    const { id } = await ownedApplication();
    const consultant = await createUser(ctx.app, { role: 'consultant' });
    expect((await download(id, 'transcripts', { cookie: consultant.cookie })).statusCode).toBe(200);
  });

  it('sends it with this application’s tracking token, not another’s', async () => {
    const { id, email } = await ownedApplication();
    const other = await createApplication(ctx.app);
    const track = async (applicationId: string, e: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/track',
          payload: { applicationId, email: e },
        })
      ).json() as TrackResult;
    const { token, streamToken } = await track(id, email);
    expect(
      (await download(id, 'transcripts', { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(200);
    const otherToken = (await track(other.id, other.email)).token;
    expect(
      (await download(id, 'transcripts', { authorization: `Bearer ${otherToken}` })).statusCode,
    ).toBe(404);
    expect(
      (await download(id, 'transcripts', { authorization: `Bearer ${streamToken}` })).statusCode,
    ).toBe(401);
  });

  it('answers 404 for a document that was not uploaded, an unknown key, and a path', async () => {
    const { id, owner } = await ownedApplication();
    expect((await download(id, 'cv', { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await download(id, 'selfie', { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await download(id, '..%2F..%2Fdb', { cookie: owner.cookie })).statusCode).toBe(404);
  });
});

describe('file checks', () => {
  it('knows PDF, PNG and JPEG by their first bytes, and nothing else', () => {
    expect(detectFileType(fixture('transcript.pdf').content)?.contentType).toBe('application/pdf');
    expect(detectFileType(fixture('passport.png').content)?.contentType).toBe('image/png');
    expect(detectFileType(fixture('certificate.jpg').content)?.contentType).toBe('image/jpeg');
    expect(detectFileType(fixture('not-a-pdf.pdf').content)).toBeNull();
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(Buffer.from('%PD'))).toBeNull();
  });

  it('gives downloads a safe ASCII name with the stored type’s extension', () => {
    expect(downloadName('../../etc/passwd', 'application/pdf', 'cv')).toBe('passwd.pdf');
    expect(downloadName('Résumé final.exe', 'image/png', 'cv')).toBe('R_sum_ final.png');
    expect(downloadName('.hidden', 'image/jpeg', 'cv')).toBe('hidden.jpg');
    expect(downloadName('', 'application/pdf', 'passportCopy')).toBe('passportCopy.pdf');
  });
});
