import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applicationIdParam } from '../../../shared/schemas/application.ts';
import {
  afterOfferInput,
  assignInput,
  closeUnsuccessfulInput,
  messageParams,
  requestInput,
  requestParams,
  stageTimesInput,
  withdrawInput,
  type StageTimes,
} from '../../../shared/schemas/casework.ts';
import { requireRole } from '../../auth/session.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { findApplicationRecord } from '../applications/repository.ts';
import { toApplicationView } from '../applications/views.ts';
import { applicantOf, readerOf, readsAsStaff } from '../../auth/access.ts';
import { applicationNotFound } from './access.ts';
import { updateAfterOffer } from './after-offer.ts';
import { messageLimits } from './message-limits.ts';
import { applicantSends, markRead, openAttachment, teamSends } from './messages.ts';
import { closeApplication } from './outcomes.ts';
import { assignOwner, listAssignable, setStageTimes } from './owners.ts';
import { findStageTimes } from './repository.ts';
import { answerRequest, cancelRequest, createRequest } from './requests.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };
const adminOnly = { preHandler: requireRole('admin') };

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Casework after submission (issue 12, items 2–6): the applicant's side and the staff console's. */
export async function caseworkRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploads.maxFileBytes },
    throwFileSizeLimit: true,
  });
  const limits = formLimits(app);
  const messages = messageLimits(app);
  const view = async (id: string) => toApplicationView((await findApplicationRecord(app.db, id))!);

  /* ----- the applicant: signed-in owner, or the track page's tracking token as a bearer ----- */

  app.post('/api/applications/:id/requests/:requestId/answer', async (req, reply) => {
    const { id, requestId } = parseInput(requestParams, req.params);
    const answered = await answerRequest(app, req, id.toLowerCase(), requestId.toLowerCase(), () =>
      limits.client('applications', req, reply),
    );
    return noStore(reply).code(201).send(answered);
  });

  app.post('/api/applications/:id/messages', async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const sent = await applicantSends(app, req, id.toLowerCase(), () =>
      messages.applicant(req, reply, id.toLowerCase()),
    );
    return noStore(reply).code(201).send(sent);
  });

  app.post('/api/applications/:id/messages/read', async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await applicantOf(app, req, id.toLowerCase());
    await markRead(app, id.toLowerCase(), 'applicant');
    return noStore(reply).send(await view(id.toLowerCase()));
  });

  /** An attachment: the applicant (owner or tracking token), or staff with their second factor (audited). */
  app.get('/api/applications/:id/messages/:messageId/attachment', async (req, reply) => {
    const { id, messageId } = parseInput(messageParams, req.params);
    const reader = await readerOf(app, req);
    const staff = readsAsStaff(reader.user) ? reader.user : null;
    if (!staff) await applicantOf(app, req, id.toLowerCase());
    return sendStoredFile(
      reply,
      () => openAttachment(app, id.toLowerCase(), messageId.toLowerCase(), staff),
      applicationNotFound,
    );
  });

  app.post('/api/applications/:id/withdraw', async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await applicantOf(app, req, id.toLowerCase());
    parseInput(withdrawInput, req.body);
    await closeApplication(app, id.toLowerCase(), 'withdrawn', null, null);
    return noStore(reply).send(await view(id.toLowerCase()));
  });

  app.patch('/api/applications/:id/after-offer', async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await applicantOf(app, req, id.toLowerCase());
    await updateAfterOffer(app, id.toLowerCase(), parseInput(afterOfferInput, req.body), null);
    return noStore(reply).send(await view(id.toLowerCase()));
  });

  /* ----- staff ----- */

  app.post('/api/staff/applications/:id/requests', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const requestId = await createRequest(
      app,
      req.user!,
      id.toLowerCase(),
      parseInput(requestInput, req.body),
    );
    return noStore(reply).code(201).send({ id: requestId });
  });

  app.post(
    '/api/staff/applications/:id/requests/:requestId/cancel',
    staffOnly,
    async (req, reply) => {
      const { id, requestId } = parseInput(requestParams, req.params);
      await cancelRequest(app, req.user!, id.toLowerCase(), requestId.toLowerCase());
      return noStore(reply).code(204).send();
    },
  );

  app.post('/api/staff/applications/:id/messages', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await teamSends(app, req, req.user!, id.toLowerCase(), () =>
      messages.staff(reply, req.user!.id),
    );
    return noStore(reply).code(204).send();
  });

  app.post('/api/staff/applications/:id/messages/read', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await markRead(app, id.toLowerCase(), 'team');
    return noStore(reply).code(204).send();
  });

  app.put('/api/staff/applications/:id/owner', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const { from, ownerId } = parseInput(assignInput, req.body);
    await assignOwner(
      app,
      req.user!,
      id.toLowerCase(),
      from?.toLowerCase() ?? null,
      ownerId?.toLowerCase() ?? null,
    );
    return noStore(reply).code(204).send();
  });

  app.get('/api/staff/assignable', staffOnly, async (_req, reply) =>
    noStore(reply).send(await listAssignable(app.db)),
  );

  app.get('/api/staff/stage-times', staffOnly, async (_req, reply) =>
    noStore(reply).send(await findStageTimes(app.db)),
  );

  app.put('/api/staff/stage-times', adminOnly, async (req, reply) => {
    const input = parseInput(stageTimesInput, req.body) as StageTimes;
    return noStore(reply).send(await setStageTimes(app, req.user!, input));
  });

  app.post('/api/staff/applications/:id/close', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const { reason } = parseInput(closeUnsuccessfulInput, req.body);
    await closeApplication(app, id.toLowerCase(), 'unsuccessful', reason, req.user!);
    return noStore(reply).code(204).send();
  });

  app.patch('/api/staff/applications/:id/after-offer', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    await updateAfterOffer(app, id.toLowerCase(), parseInput(afterOfferInput, req.body), req.user!);
    return noStore(reply).code(204).send();
  });
}
