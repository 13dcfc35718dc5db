import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getSessionUser } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import { StorageNotFoundError } from '../../lib/storage/index.ts';
import { openTrackingToken } from '../tracking/revocation.ts';
import { documentNotFound, openDocument } from './service.ts';

const params = z.strictObject({
  id: z.uuid('Not an application id'),
  key: z.string().min(1).max(40),
});

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_.-]{1,1000})$/.exec(header) : null;
  return match?.[1] ?? null;
}

export async function documentRoutes(app: FastifyInstance) {
  /** Owner (signed in), staff, or `Authorization: Bearer <tracking token>` from the track page. */
  app.get('/api/applications/:id/documents/:key', async (req, reply) => {
    const { id, key } = parseInput(params, req.params);
    const token = bearerToken(req);
    const reader = {
      user: await getSessionUser(req),
      trackedApplicationId: token ? await openTrackingToken(app, token, 'track') : null,
    };
    let document;
    try {
      document = await openDocument(app, reader, id, key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw documentNotFound();
      throw error;
    }
    return reply
      .header('content-type', document.contentType)
      .header('content-length', String(document.size))
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(document.stream);
  });
}
