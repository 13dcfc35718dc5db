import type { FastifyInstance } from 'fastify';
import { applicationIdParam } from '../../../shared/schemas/application.ts';
import { noteInput, queueQuery, statusChangeInput } from '../../../shared/schemas/staff.ts';
import { requireRole } from '../../auth/session.ts';
import { endWithSession } from '../../auth/session-ends.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { addNote, changeApplicationStatus, getStaffApplication } from './application-service.ts';
import { listQueue } from './queue-service.ts';
import { liveStreamRoute } from '../../lib/events/sse.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };

export async function staffApplicationRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/staff/applications', staffOnly, async (req) =>
    listQueue(app.db, parseInput(queueQuery, req.query), { userId: req.user!.id, now: new Date() }),
  );

  app.get('/api/staff/applications/:id', staffOnly, async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    return getStaffApplication(app.db, id, app.config.retention.caseMonths);
  });

  /** The console's live stream of one application: each change (documents, status) as the record, to refetch. */
  app.get(
    '/api/staff/applications/:id/stream',
    { ...staffOnly, ...liveStreamRoute },
    async (req, reply) => {
      const id = parseInput(applicationIdParam, req.params).id.toLowerCase();
      const live = app.applicationLive;
      const snapshot = await live.current(id);
      let stream;
      try {
        if (!snapshot) throw applicationNotFound();
        stream = live.streams.start(req, reply, {
          holders: { client: req.ip, account: req.user!.id },
        });
      } catch (error) {
        live.forgetUnlessWatched(id);
        throw error;
      }
      stream.onClose(
        live.watchApplication(id, snapshot, (json) => stream.send('application', json)),
      );
      // The applicant's record goes to this session only: a sign-out or deactivation ends it.
      endWithSession(app, req.user!.sessionId, stream);
      return reply;
    },
  );

  app.post('/api/staff/applications/:id/status', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const input = parseInput(statusChangeInput, req.body);
    const { detail, replayed } = await changeApplicationStatus(app, req.user!, id, input);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return detail;
  });

  app.post('/api/staff/applications/:id/notes', staffOnly, async (req, reply) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const { body } = parseInput(noteInput, req.body);
    return reply.code(201).send(await addNote(app.db, req.user!, id, body));
  });
}
