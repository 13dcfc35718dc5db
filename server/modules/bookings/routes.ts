import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bookingInput,
  bookingSecret,
  rescheduleInput,
  slotsQuery,
} from '../../../shared/schemas/booking.ts';
import { resolveAuthSecret } from '../../auth/secret.ts';
import { getSessionUser } from '../../auth/session.ts';
import { requestLocale } from '../../i18n/request-locale.ts';
import { AppError } from '../../lib/errors.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { scheduleReminders } from './reminders.ts';
import { ownsApplication } from './repository.ts';
import {
  cancelBooking,
  createBooking,
  listSlots,
  openManaged,
  rescheduleBooking,
  viewOf,
} from './service.ts';

const consultantParam = z.strictObject({ id: z.string().min(1).max(100) });

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export async function bookingRoutes(app: FastifyInstance) {
  scheduleReminders(app);
  const limits = formLimits(app);
  const links = app.rateLimits.limit('booking-links', { max: 60, windowSeconds: 600 });
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      await resolveAuthSecret(app.config),
      'uk-study-portal',
      'booking-clients',
      32,
    ),
  );
  const clientHash = (ip: string) => createHmac('sha256', key).update(ip).digest('hex');

  /** Free slots of one consultant, or of "the first free consultant" (`any`). */
  app.get('/api/consultants/:id/slots', async (req, reply) => {
    const { id } = parseInput(consultantParam, req.params);
    const query = parseInput(slotsQuery, req.query);
    const now = Date.now();
    const from = query.from ? Math.max(Date.parse(query.from), now) : now;
    noStore(reply);
    return listSlots(app.db, id, from, query.days, now);
  });

  app.post('/api/bookings', async (req, reply) => {
    await limits.client('bookings', req, reply);
    const input = parseInput(bookingInput, req.body);
    await limits.address('bookings', input.email, reply);
    const user = await getSessionUser(req);
    if (
      input.applicationId &&
      !(user && (await ownsApplication(app.db, user.id, input.applicationId)))
    )
      throw new AppError('APPLICATION_NOT_FOUND', 404, 'Application not found.');
    const booking = await createBooking(app, input, {
      userId: user?.id ?? null,
      language: await requestLocale(req, user?.id ?? null),
      clientHash: clientHash(req.ip),
    });
    noStore(reply);
    return reply.code(201).send(booking);
  });

  /** The e-mailed link's secret arrives in the body (it lives in the URL fragment). */
  async function countLinkUse(ip: string, reply: FastifyReply) {
    const verdict = await links.consume(ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', 429, undefined, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  app.post('/api/bookings/manage', async (req, reply) => {
    await countLinkUse(req.ip, reply);
    const { id, token } = parseInput(bookingSecret, req.body);
    const { row, consultantName } = await openManaged(app.db, id, token);
    noStore(reply);
    return viewOf(app, row, consultantName);
  });

  app.post('/api/bookings/cancel', async (req, reply) => {
    await countLinkUse(req.ip, reply);
    const { id, token } = parseInput(bookingSecret, req.body);
    noStore(reply);
    return cancelBooking(app, id, token);
  });

  app.post('/api/bookings/reschedule', async (req, reply) => {
    await countLinkUse(req.ip, reply);
    const { id, token, startsAt } = parseInput(rescheduleInput, req.body);
    noStore(reply);
    return rescheduleBooking(app, id, token, startsAt);
  });
}
