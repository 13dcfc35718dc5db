import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  applicationIdParam,
  type ApplicationSubmitted,
} from '../../../shared/schemas/application.ts';
import { idempotencyKey, idempotencyKeyHeader } from '../../../shared/schemas/idempotency.ts';
import {
  partnerApplicationsQuery,
  partnerIdParam,
  partnerInviteInput,
} from '../../../shared/schemas/partners.ts';
import { applicantOf } from '../../auth/access.ts';
import { getSessionUser, requireRole } from '../../auth/session.ts';
import { endWithSession } from '../../auth/session-ends.ts';
import { requestLocale } from '../../i18n/request-locale.ts';
import { AppError } from '../../lib/errors.ts';
import { liveStreamRoute } from '../../lib/events/sse.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { submitApplication } from '../applications/service.ts';
import { listPartnerLines } from './commission.ts';
import { getPartnerReferral, listPartnerReferrals } from './referrals.ts';
import { invitePartnerMember, organisationView, partnerIdOf } from './organisations.ts';
import {
  getPartnerApplication,
  listPartnerApplications,
  partnerApplicationsCsv,
  stopPartnerFollowing,
  trackPartner,
} from './students.ts';

const partnerOnly = { preHandler: requireRole('partner') };

const csvAttachment = (reply: FastifyReply, name: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );

/** The partner portal's API (D20): a partner user reads and acts for its own organisation only. */
export async function partnerRoutes(app: FastifyInstance) {
  const maxFileBytes = app.config.uploads.maxFileBytes;
  await app.register(multipart, { limits: { fileSize: maxFileBytes }, throwFileSizeLimit: true });
  const limits = formLimits(app);

  // only this plugin's routes: every answer is personal data or money
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/partner/organisation', partnerOnly, async (req) =>
    organisationView(app.db, await partnerIdOf(app.db, req.user!)),
  );

  app.post('/api/partner/organisation/members', partnerOnly, async (req, reply) => {
    const partnerId = await partnerIdOf(app.db, req.user!);
    const input = parseInput(partnerInviteInput, req.body);
    const language = await requestLocale(req, req.user!.id);
    return reply
      .code(201)
      .send(await invitePartnerMember(app, req.user!, partnerId, input, language));
  });

  app.get('/api/partner/applications', partnerOnly, async (req) => {
    const partnerId = await partnerIdOf(app.db, req.user!);
    return listPartnerApplications(
      app.db,
      req.user!,
      partnerId,
      parseInput(partnerApplicationsQuery, req.query),
    );
  });

  app.get('/api/partner/applications.csv', partnerOnly, async (req, reply) => {
    const partnerId = await partnerIdOf(app.db, req.user!);
    const query = parseInput(partnerApplicationsQuery, req.query);
    return csvAttachment(reply, 'students').send(
      await partnerApplicationsCsv(app.db, req.user!, partnerId, query),
    );
  });

  /** Live: each change to one of the partner's students says which; the page reads it again. */
  app.get(
    '/api/partner/applications/stream',
    { ...liveStreamRoute, ...partnerOnly },
    async (req, reply) => {
      const partnerId = await partnerIdOf(app.db, req.user!);
      const stream = app.applicationLive.streams.start(req, reply, {
        holders: { client: req.ip, account: req.user!.id },
      });
      stream.onClose(
        app.partnerLive.watch(partnerId, (id) => stream.send('changed', JSON.stringify({ id }))),
      );
      endWithSession(app, req.user!.sessionId, stream);
      return reply;
    },
  );

  app.get('/api/partner/applications/:id', partnerOnly, async (req) => {
    const partnerId = await partnerIdOf(app.db, req.user!);
    const { id } = parseInput(partnerIdParam, req.params);
    return getPartnerApplication(app.db, req.user!, partnerId, id.toLowerCase());
  });

  /**
   * A partner submits a student's application on their behalf (D20): the same form and checks as
   * the student's own; the student gets the confirmation and the tracking link and owns it (no
   * account is attached: they add it to theirs by its id); the partner is its source.
   */
  app.post('/api/partner/applications', partnerOnly, async (req, reply) => {
    if (!req.isMultipart())
      throw new AppError(
        'MULTIPART_REQUIRED',
        415,
        'Send the application as a multipart form (multipart/form-data).',
      );
    const partnerId = await partnerIdOf(app.db, req.user!);
    const header = req.headers[idempotencyKeyHeader];
    const key = header === undefined ? null : parseInput(idempotencyKey, header);
    const { id, replayed } = await submitApplication(app, req, {
      userId: null,
      language: await requestLocale(req, null),
      idempotencyKey: key,
      source: { kind: 'partner', partnerId },
      async beforeStoring(input) {
        await limits.client('applications', req, reply);
        await limits.address('applications', input.email, reply);
      },
    });
    const body: ApplicationSubmitted = { id };
    return reply.code(replayed ? 200 : 201).send(body);
  });

  /** The students the partner referred while signed in (D20): referred, invited, applied, status. */
  app.get('/api/partner/referrals', partnerOnly, async (req) =>
    listPartnerReferrals(app.db, req.user!, await partnerIdOf(app.db, req.user!)),
  );

  app.get('/api/partner/referrals/:id', partnerOnly, async (req) => {
    const partnerId = await partnerIdOf(app.db, req.user!);
    const { id } = parseInput(partnerIdParam, req.params);
    return getPartnerReferral(app.db, req.user!, partnerId, id.toLowerCase());
  });

  app.get('/api/partner/commission', partnerOnly, async (req) =>
    listPartnerLines(app.db, req.user!, await partnerIdOf(app.db, req.user!)),
  );

  /** The student's side (track page or dashboard): which partner follows the application. */
  app.get('/api/applications/:id/partner', async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const application = await applicantOf(app, req, id.toLowerCase());
    return trackPartner(app.db, application.id);
  });

  /** The student stops the partner following it (their consent ends): the partner no longer sees it. */
  app.post('/api/applications/:id/partner/stop', async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const application = await applicantOf(app, req, id.toLowerCase());
    const user = await getSessionUser(req);
    return stopPartnerFollowing(app.db, application, user?.id ?? null);
  });
}
