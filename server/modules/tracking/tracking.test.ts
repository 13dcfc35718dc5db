import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../shared/schemas/application.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication, fixture, sampleProgram } from '../../../tests/factories/application.ts';
import { createTrackingTokens } from './tokens.ts';

const ctx = useTestApp();
const notFound = 'Application not found.';

function track(payload: object, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/track', payload, remoteAddress });
}

describe('POST /api/track', () => {
  it('answers the application id + e-mail pair with the applicant view and tokens', async () => {
    const { id, email } = await createApplication(
      ctx.app,
      {},
      { files: [{ key: 'transcripts', ...fixture('transcript.pdf') }] },
    );
    const res = await track({ applicationId: id, email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TrackResult;
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(body.streamToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const view = body.application;
    expect(view).toMatchObject({
      id,
      status: 'submitted',
      personalInfo: { fullName: 'Amina Yusuf', passportNumber: '•••••5678', email },
      academicInfo: {
        studyLevel: sampleProgram.level,
        program: { id: sampleProgram.id, name: sampleProgram.name },
        // the program's university first: it was not among the picks
        selectedUniversities: [
          'University of Manchester',
          'University of Oxford',
          'University of Cambridge',
          'Imperial College London',
        ],
      },
    });
    expect(JSON.stringify(view)).not.toContain('A12345678');
    expect(view.statusUpdates).toEqual([
      { status: 'submitted', date: view.submittedAt, note: null },
    ]);
    expect(view.documents).toEqual([
      {
        key: 'transcripts',
        label: 'Transcripts',
        part: 1,
        fileName: 'transcript.pdf',
        contentType: 'application/pdf',
        size: fixture('transcript.pdf').content.length,
        url: `/api/applications/${id}/documents/transcripts`,
        version: 1,
        state: 'received',
        rejectionReason: null,
        uploadedAt: expect.any(String) as string,
      },
    ]);
  });

  it('gives the same 404 for a wrong e-mail, an unknown id and a malformed id', async () => {
    const { id } = await createApplication(ctx.app);
    const answers = await Promise.all([
      track({ applicationId: id, email: 'someone.else@example.test' }),
      track({ applicationId: randomUUID(), email: 'someone.else@example.test' }),
      track({ applicationId: 'not-an-id', email: 'someone.else@example.test' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'APPLICATION_NOT_FOUND', message: notFound });
    }
  });

  it('refuses a missing or malformed e-mail, naming the field', async () => {
    const res = await track({ applicationId: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('email');
    const bad = await track({ applicationId: randomUUID(), email: 'nope' });
    expect(bad.json().error.fields).toHaveProperty('email');
  });

  it('limits look-ups per client address', async () => {
    const max = ctx.app.config.tracking.rateLimit.max;
    const attempts = [];
    for (let i = 0; i < max; i += 1)
      attempts.push(
        await track({ applicationId: randomUUID(), email: 'x@example.test' }, '10.9.9.9'),
      );
    expect(attempts.every((r) => r.statusCode === 404)).toBe(true);
    const over = await track({ applicationId: randomUUID(), email: 'x@example.test' }, '10.9.9.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('TOO_MANY_TRACKING_ATTEMPTS');
    expect(over.headers['retry-after']).toBeDefined();
    const elsewhere = await track(
      { applicationId: randomUUID(), email: 'x@example.test' },
      '10.9.9.10',
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('POST /api/track/token', () => {
  it('opens tracking with the token alone, and refuses a changed, expired or stream token', async () => {
    const { id, email } = await createApplication(ctx.app);
    const { token, streamToken } = (
      await track({ applicationId: id, email })
    ).json() as TrackResult;
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      payload: { token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().application.id).toBe(id);

    const [body, signature] = token.split('.');
    const otherId = Buffer.from(
      JSON.stringify({ p: 'track', a: randomUUID(), e: 9_999_999_999 }),
    ).toString('base64url');
    const tokens = createTrackingTokens(Buffer.from('a different secret of enough length!!'));
    for (const bad of [
      `${otherId}.${signature}`,
      `${body}.${signature}x`,
      streamToken,
      tokens.issue('track', id),
      'garbage',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/track/token',
        payload: { token: bad },
      });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().error.code).toBe('TRACKING_LINK_EXPIRED');
    }
    const expired = ctx.app.trackingTokens.issue('track', id, -1);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/token',
      payload: { token: expired },
    });
    expect(late.statusCode).toBe(401);
  });
});
