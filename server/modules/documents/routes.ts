import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentKeyParams, documentPartQuery } from '../../../shared/schemas/application.ts';
import { documentReviewInput, documentVersionParams } from '../../../shared/schemas/staff.ts';
import { readerOf } from '../../auth/access.ts';
import { requireRole } from '../../auth/session.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { reviewDocument } from './review.ts';
import { uploadNewVersion } from './reupload.ts';
import { documentNotFound, openDocument, openDocumentVersion } from './service.ts';

const params = z.strictObject({
  id: z.uuid('Not an application id'),
  key: z.string().min(1).max(40),
});

const staffOnly = { preHandler: requireRole('consultant', 'admin') };

export async function documentRoutes(app: FastifyInstance) {
  const maxFileBytes = app.config.uploads.maxFileBytes;
  await app.register(multipart, { limits: { fileSize: maxFileBytes }, throwFileSizeLimit: true });
  const limits = formLimits(app);

  /** Owner (signed in), staff, or `Authorization: Bearer <tracking token>` from the track page. */
  app.get('/api/applications/:id/documents/:key', async (req, reply) => {
    const { id, key } = parseInput(params, req.params);
    const { part } = parseInput(documentPartQuery, req.query ?? {});
    const reader = await readerOf(app, req);
    return sendStoredFile(reply, () => openDocument(app, reader, id, key, part), documentNotFound);
  });

  /**
   * A new version of a rejected document (`?part=`: which file of the slot): the owner signed in,
   * or the track page's bearer token.
   */
  app.post('/api/applications/:id/documents/:key', async (req, reply) => {
    let target;
    try {
      const { id, key } = parseInput(documentKeyParams, req.params);
      const { part = 1 } = parseInput(documentPartQuery, req.query ?? {});
      target = { id: id.toLowerCase(), key, part };
    } catch (error) {
      req.raw.resume();
      throw error;
    }
    const reader = await readerOf(app, req);
    const view = await uploadNewVersion(app, req, reader, target, () =>
      limits.client('applications', req, reply),
    );
    return reply.code(201).header('cache-control', 'no-store').send(view);
  });

  /** Staff decide on the current version of one file (`?part=`) of a slot: verified, or rejected with a reason. */
  app.post('/api/staff/applications/:id/documents/:key/review', staffOnly, async (req, reply) => {
    const { id, key } = parseInput(documentKeyParams, req.params);
    const { part = 1 } = parseInput(documentPartQuery, req.query ?? {});
    const input = parseInput(documentReviewInput, req.body);
    await reviewDocument(app, req.user!, id.toLowerCase(), { key, part }, input);
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  /** Any kept version, staff only (the applicant downloads the current one above). */
  app.get(
    '/api/staff/applications/:id/documents/versions/:documentId',
    staffOnly,
    async (req, reply) => {
      const { id, documentId } = parseInput(documentVersionParams, req.params);
      return sendStoredFile(
        reply,
        () => openDocumentVersion(app, req.user!, id.toLowerCase(), documentId.toLowerCase()),
        documentNotFound,
      );
    },
  );
}
