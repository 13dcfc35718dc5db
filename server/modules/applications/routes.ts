import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  addApplicationInput,
  applicationIdParam,
  fileAccept,
  type ApplicationSubmitted,
  type UploadLimits,
} from '../../../shared/schemas/application.ts';
import { idempotencyKey, idempotencyKeyHeader } from '../../../shared/schemas/idempotency.ts';
import { requireReader } from '../../auth/bearer.ts';
import { getSessionUser, requireUser } from '../../auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  addApplicationById,
  getOwnApplication,
  listOwnApplications,
  submitApplication,
} from './service.ts';
import { requestLocale } from '../../i18n/request-locale.ts';
import { liveStreamRoute } from '../../lib/events/sse.ts';
import { endWithSession } from '../../auth/session-ends.ts';

export async function applicationRoutes(app: FastifyInstance) {
  const maxFileBytes = app.config.uploads.maxFileBytes;
  await app.register(multipart, { limits: { fileSize: maxFileBytes }, throwFileSizeLimit: true });
  const limits = formLimits(app);

  app.get('/api/applications/upload-limits', async (): Promise<UploadLimits> => ({
    maxFileBytes,
    accept: fileAccept,
  }));

  app.post('/api/applications', async (req, reply) => {
    if (!req.isMultipart()) {
      throw new AppError(
        'MULTIPART_REQUIRED',
        415,
        'Send the application as a multipart form (multipart/form-data).',
      );
    }
    const header = req.headers[idempotencyKeyHeader];
    const key = header === undefined ? null : parseInput(idempotencyKey, header);
    const user = await getSessionUser(req);
    const { id, replayed } = await submitApplication(app, req, {
      userId: user?.id ?? null,
      language: await requestLocale(req, user?.id ?? null),
      idempotencyKey: key,
      async beforeStoring(input) {
        await limits.client('applications', req, reply);
        await limits.address('applications', input.email, reply);
      },
    });
    const body: ApplicationSubmitted = { id };
    return reply.code(replayed ? 200 : 201).send(body);
  });

  app.get('/api/me/applications', { preHandler: requireReader }, async (req) =>
    listOwnApplications(app, req.user!.id),
  );

  /** D2: an application sent signed out, added by its id while signed in with the address it was sent with. */
  app.post('/api/me/applications/add', { preHandler: requireUser }, async (req) => {
    const { applicationId } = parseInput(addApplicationInput, req.body ?? {});
    return addApplicationById(app, req.user!, applicationId);
  });

  app.get('/api/applications/:id', { preHandler: requireUser }, async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    return getOwnApplication(app, req.user!.id, id);
  });

  /** The dashboard's live stream: every change to one of the user's applications, as the full record. */
  app.get(
    '/api/me/applications/stream',
    { ...liveStreamRoute, preHandler: requireReader },
    async (req, reply) => {
      const stream = app.applicationLive.streams.start(req, reply, {
        holders: { client: req.ip, account: req.user!.id },
      });
      stream.onClose(
        app.applicationLive.watchOwner(req.user!.id, (json) => stream.send('application', json)),
      );
      endWithSession(app, req.user!.sessionId, stream);
      return reply;
    },
  );
}
