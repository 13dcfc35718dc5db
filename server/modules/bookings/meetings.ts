import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { instantMeetings } from '../../db/schema/index.ts';
import { renderMail } from '../../lib/mailer/index.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import { consultantAddress } from './emails.ts';
import { findActiveConsultant } from './repository.ts';
import { newRoomName, roomUrl } from './rooms.ts';
import { AppError } from '../../lib/errors.ts';

export const meetingPurposes = ['consultation', 'referral', 'partnership', 'general'] as const;

const meetingInput = z.strictObject({
  consultantId: z.string().min(1).max(100).optional(),
  purpose: z.enum(meetingPurposes).default('general'),
});

const purposeWords: Record<(typeof meetingPurposes)[number], string> = {
  consultation: 'a free consultation',
  referral: 'referring a student',
  partnership: 'a partnership',
  general: 'a question',
};

/** A fresh room, and the team told in the same transaction: an e-mail to the consultant (or the team). */
async function startMeeting(app: FastifyInstance, input: z.output<typeof meetingInput>) {
  const consultant = input.consultantId
    ? await findActiveConsultant(app.db, input.consultantId)
    : null;
  if (input.consultantId && !consultant)
    throw new AppError('CONSULTANT_NOT_FOUND', 404, 'This consultant is not taking meetings.');
  const roomName = newRoomName();
  const url = roomUrl(app.site.meetingBaseUrl, roomName);
  await app.db.transaction(async (tx: Db) => {
    await tx
      .insert(instantMeetings)
      .values({ consultantId: consultant?.id ?? null, purpose: input.purpose, roomName });
    await app.mailer.enqueue(tx, {
      to: consultant ? await consultantAddress(app, tx, consultant.id) : app.site.teamNoticesTo,
      ...renderMail({
        subject: `Someone is waiting in a video room now${consultant ? ` for ${consultant.name}` : ''}`,
        heading: 'A visitor started a video meeting',
        paragraphs: [
          `A visitor opened a video room from the site about ${purposeWords[input.purpose]}${consultant ? `, asking for ${consultant.name}` : ''}. Please join now.`,
        ],
        action: { label: 'Join the room', url },
      }),
    });
  });
  return url;
}

/**
 * "Start Meeting" outside a booking (D19): never a fixed shared room. A plain form post (the button
 * works before the page's code runs, in a new tab) answers with a redirect into the room.
 */
export async function meetingRoutes(app: FastifyInstance) {
  const limits = formLimits(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post('/api/meetings', async (req, reply) => {
    await limits.client('meetings', req, reply);
    const input = parseInput(meetingInput, req.body ?? {});
    const url = await startMeeting(app, input);
    reply.header('cache-control', 'no-store');
    if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return reply.code(303).header('location', url).send();
    return reply.code(201).send({ roomUrl: url });
  });
}
