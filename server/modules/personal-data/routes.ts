import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { confirmedActionInput } from '../../../shared/schemas/auth.ts';
import { dataRequestInput } from '../../../shared/schemas/personal-data.ts';
import { requireRecentReauth } from '../../auth/reauth.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  confirmPassword,
  erasePersonalData,
  exportFileName,
  exportPersonalData,
  subjectByEmail,
} from './service.ts';

function sendZip(reply: FastifyReply, zip: Readable) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${exportFileName}"`)
    .header('cache-control', 'no-store')
    .send(zip);
}

/** Clears the session cookie: the session itself went with the account. */
function signedOutCookie(app: FastifyInstance) {
  const name = `${app.config.isProduction ? '__Secure-' : ''}portal.session_token`;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${app.config.isProduction ? '; Secure' : ''}`;
}

export async function personalDataRoutes(app: FastifyInstance) {
  /**
   * The person's own export and deletion: the password in the request, or (an account without a
   * password, or anyone) a re-authentication within 5 minutes: a code or a passkey (decision 0023).
   */
  async function confirmItIsYou(req: FastifyRequest) {
    const { password } = parseInput(confirmedActionInput, req.body ?? {});
    if (password) await confirmPassword(app, req, password);
    else await requireRecentReauth(app, req);
  }

  /** "Download my data": one zip, after the password again (or a fresh re-authentication). */
  app.post('/api/me/data-export', { preHandler: requireUser }, async (req, reply) => {
    await confirmItIsYou(req);
    const user = req.user!;
    return sendZip(reply, await exportPersonalData(app, user, { id: user.id, email: user.email }));
  });

  /** "Delete my account": erases the person, after the password again (or a fresh re-authentication); every session ends. */
  app.post('/api/me/delete-account', { preHandler: requireUser }, async (req, reply) => {
    await confirmItIsYou(req);
    const user = req.user!;
    await erasePersonalData(app, user, { id: user.id, email: user.email });
    return reply.header('set-cookie', signedOutCookie(app)).send({ deleted: true });
  });

  /** The same for a person who asked by e-mail; admins only, with their own password again. */
  app.post(
    '/api/staff/data-requests/export',
    { preHandler: requireRole('admin') },
    async (req, reply) => {
      const { email, password } = parseInput(dataRequestInput, req.body ?? {});
      await confirmPassword(app, req, password);
      return sendZip(
        reply,
        await exportPersonalData(app, req.user!, await subjectByEmail(app, email)),
      );
    },
  );

  app.post('/api/staff/data-requests/erase', { preHandler: requireRole('admin') }, async (req) => {
    const { email, password } = parseInput(dataRequestInput, req.body ?? {});
    await confirmPassword(app, req, password);
    const subject = await subjectByEmail(app, email);
    if (subject.id === req.user!.id) {
      // One's own account is deleted from /account, like anyone's.
      return { erased: false };
    }
    return { erased: true, counts: await erasePersonalData(app, req.user!, subject) };
  });
}
