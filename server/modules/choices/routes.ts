import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  choiceConditionsMetInput,
  choiceCorrectionInput,
  choiceDecisionInput,
  choiceDocumentParams,
  choiceParams,
  choiceReplyInput,
  choiceSentInput,
} from '../../../shared/schemas/choices.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';
import { applicantOf, readerOf, readsAsStaff } from '../../auth/access.ts';
import { requireRole } from '../../auth/session.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { parseInput } from '../../lib/validate.ts';
import { findApplicationRecord } from '../applications/repository.ts';
import { toApplicationView } from '../applications/views.ts';
import { applicationNotFound } from '../casework/access.ts';
import { addChoiceDocument, openChoiceDocument } from './documents.ts';
import {
  correctChoice,
  recordConditionsMet,
  recordDecision,
  recordSent,
  replyToOffer,
} from './service.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** D18: staff record each choice's facts; the applicant answers an offer and downloads its letters. */
export async function choiceRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploads.maxFileBytes },
    throwFileSizeLimit: true,
  });

  const ids = (params: unknown) => {
    const { id, choiceId } = parseInput(choiceParams, params);
    return { id: id.toLowerCase(), choiceId: choiceId.toLowerCase() };
  };

  /* ----- the applicant: signed-in owner, or the track page's tracking token as a bearer ----- */

  app.post('/api/applications/:id/choices/:choiceId/reply', async (req, reply) => {
    const { id, choiceId } = ids(req.params);
    await applicantOf(app, req, id);
    const input = parseInput(choiceReplyInput, req.body);
    await replyToOffer(app, id, choiceId, input.reply);
    return noStore(reply).send(toApplicationView((await findApplicationRecord(app.db, id))!));
  });

  app.get('/api/applications/:id/choice-documents/:documentId', async (req, reply) => {
    const { id, documentId } = parseInput(choiceDocumentParams, req.params);
    const reader = await readerOf(app, req);
    const staff = readsAsStaff(reader.user) ? reader.user : null;
    if (!staff) await applicantOf(app, req, id.toLowerCase());
    return sendStoredFile(
      reply,
      () => openChoiceDocument(app, id.toLowerCase(), documentId.toLowerCase(), staff),
      applicationNotFound,
    );
  });

  /* ----- staff: each action audited and pushed live; the headline follows (D18) ----- */

  app.post('/api/staff/applications/:id/choices/:choiceId/sent', staffOnly, async (req, reply) => {
    const { id, choiceId } = ids(req.params);
    await recordSent(app, req.user!, id, choiceId, parseInput(choiceSentInput, req.body));
    return noStore(reply).code(204).send();
  });

  app.post(
    '/api/staff/applications/:id/choices/:choiceId/decision',
    staffOnly,
    async (req, reply) => {
      const { id, choiceId } = ids(req.params);
      await recordDecision(app, req.user!, id, choiceId, parseInput(choiceDecisionInput, req.body));
      return noStore(reply).code(204).send();
    },
  );

  app.post(
    '/api/staff/applications/:id/choices/:choiceId/conditions-met',
    staffOnly,
    async (req, reply) => {
      const { id, choiceId } = ids(req.params);
      const input = parseInput(choiceConditionsMetInput, req.body);
      await recordConditionsMet(app, req.user!, id, choiceId, input);
      return noStore(reply).code(204).send();
    },
  );

  app.post(
    '/api/staff/applications/:id/choices/:choiceId/correct',
    staffOnly,
    async (req, reply) => {
      const { id, choiceId } = ids(req.params);
      await correctChoice(
        app,
        req.user!,
        id,
        choiceId,
        parseInput(choiceCorrectionInput, req.body),
      );
      return noStore(reply).code(204).send();
    },
  );

  app.post(
    '/api/staff/applications/:id/choices/:choiceId/documents',
    staffOnly,
    async (req, reply) => {
      const { id, choiceId } = ids(req.params);
      const created = await addChoiceDocument(app, req, req.user!, id, choiceId);
      return noStore(reply).code(201).send(created);
    },
  );
}
