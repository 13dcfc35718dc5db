import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { confirmedActionInput } from '../../../shared/schemas/auth.ts';
import {
  dataErasureInput,
  dataRequestInput,
  dataRequestLookupInput,
  deleteAccountInput,
} from '../../../shared/schemas/personal-data.ts';
import { requireRecentReauth } from '../../auth/reauth.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  confirmPassword,
  erasePersonalData,
  exportFileName,
  exportPersonalData,
  previewErasure,
  recordLookup,
  subjectByEmail,
  subjectOfAccount,
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
  async function confirmItIsYou(req: FastifyRequest, password: string | undefined) {
    if (password) await confirmPassword(app, req, password);
    else await requireRecentReauth(app, req);
  }

  /** "Download my data": one zip, after the password again (or a fresh re-authentication). */
  app.post('/api/me/data-export', { preHandler: requireUser }, async (req, reply) => {
    const { password } = parseInput(confirmedActionInput, req.body ?? {});
    await confirmItIsYou(req, password);
    const subject = await subjectOfAccount(app.db, req.user!);
    return sendZip(reply, await exportPersonalData(app, req.user!, subject));
  });

  /** What "Delete my account" would keep, why and until when, and what goes at once (D16). */
  app.get('/api/me/erasure-preview', { preHandler: requireUser }, async (req, reply) => {
    const subject = await subjectOfAccount(app.db, req.user!);
    return reply.header('cache-control', 'no-store').send(previewErasure(app, subject));
  });

  /** "Delete my account": erases the person, after the password again (or a fresh re-authentication); every session ends. */
  app.post('/api/me/delete-account', { preHandler: requireUser }, async (req, reply) => {
    const { password, kept } = parseInput(deleteAccountInput, req.body ?? {});
    await confirmItIsYou(req, password);
    const subject = await subjectOfAccount(app.db, req.user!);
    await erasePersonalData(app, req.user!, subject, { channel: 'account', kept });
    return reply.header('set-cookie', signedOutCookie(app)).send({ deleted: true });
  });

  /**
   * Requests that came by e-mail, with or without an account (admins only). Whether the request
   * comes from the holder of the address is the admin's call: they say how they checked, and the
   * audit keeps it with their name. First a look at what the address covers.
   */
  app.post(
    '/api/staff/data-requests/lookup',
    { preHandler: requireRole('admin') },
    async (req, reply) => {
      const { email } = parseInput(dataRequestLookupInput, req.body ?? {});
      const subject = await subjectByEmail(app.db, email);
      await recordLookup(app, req.user!, subject);
      return reply.header('cache-control', 'no-store').send(previewErasure(app, subject));
    },
  );

  app.post(
    '/api/staff/data-requests/export',
    { preHandler: requireRole('admin') },
    async (req, reply) => {
      const { email, password, verification } = parseInput(dataRequestInput, req.body ?? {});
      await confirmPassword(app, req, password);
      const subject = await subjectByEmail(app.db, email);
      return sendZip(reply, await exportPersonalData(app, req.user!, subject, verification));
    },
  );

  app.post('/api/staff/data-requests/erase', { preHandler: requireRole('admin') }, async (req) => {
    const { email, password, verification, kept } = parseInput(dataErasureInput, req.body ?? {});
    await confirmPassword(app, req, password);
    const subject = await subjectByEmail(app.db, email);
    if (subject.userId === req.user!.id) {
      // One's own account is deleted from /account, like anyone's.
      return { erased: false };
    }
    const counts = await erasePersonalData(app, req.user!, subject, {
      channel: 'email',
      kept,
      verification,
    });
    return { erased: true, counts };
  });
}
