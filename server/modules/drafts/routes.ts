import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  continueLaterInput,
  draftContent,
  draftLimits,
  draftLinkInput,
  type MyDraft,
} from '../../../shared/schemas/draft.ts';
import { getSessionUser, requireUser } from '../../auth/session.ts';
import { requestLocale } from '../../i18n/request-locale.ts';
import { AppError } from '../../lib/errors.ts';
import { formLimits } from '../../lib/form-limits.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  deleteOwnDraft,
  discardLinkDraft,
  draftNotFound,
  findOwnDraft,
  openLinkDraft,
  saveLinkDraft,
  saveOwnDraft,
} from './service.ts';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Drafts of the application form (issue 25 §1): the account's own, and "continue later" links. */
export async function draftRoutes(app: FastifyInstance) {
  const limits = formLimits(app);
  const links = app.rateLimits.limit('draft-links', { max: 30, windowSeconds: 600 });
  const small = { bodyLimit: draftLimits.bodyBytes };

  app.get('/api/me/draft', { preHandler: requireUser }, async (req, reply): Promise<MyDraft> => {
    noStore(reply);
    return { draft: await findOwnDraft(app, req.user!.id) };
  });

  app.put('/api/me/draft', { ...small, preHandler: requireUser }, async (req, reply) => {
    const content = parseInput(draftContent, req.body);
    noStore(reply);
    return saveOwnDraft(app, req.user!.id, content);
  });

  app.delete('/api/me/draft', { preHandler: requireUser }, async (req, reply) => {
    if (!(await deleteOwnDraft(app.db, req.user!.id))) throw draftNotFound();
    return reply.code(204).send();
  });

  /** A signed-out student's "continue later": the link goes by e-mail, nothing comes back. */
  app.post('/api/drafts/continue-later', small, async (req, reply) => {
    await limits.client('drafts', req, reply);
    const input = parseInput(continueLaterInput, req.body);
    await limits.address('drafts', input.email, reply);
    const user = await getSessionUser(req);
    await saveLinkDraft(app, input.email, input.draft, await requestLocale(req, user?.id ?? null));
    return reply.code(202).send({ sent: true });
  });

  async function countLinkUse(ip: string, reply: FastifyReply) {
    const verdict = await links.consume(ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', 429, undefined, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  /** The link's secret arrives in the body: it lives in the URL fragment (decision 0032). */
  app.post('/api/drafts/open', async (req, reply) => {
    await countLinkUse(req.ip, reply);
    const { token } = parseInput(draftLinkInput, req.body);
    noStore(reply);
    return openLinkDraft(app, token);
  });

  /** Sent with the application, or given up: the link's draft goes. */
  app.post('/api/drafts/discard', async (req, reply) => {
    await countLinkUse(req.ip, reply);
    const { token } = parseInput(draftLinkInput, req.body);
    if (!(await discardLinkDraft(app.db, token))) throw draftNotFound();
    return reply.code(204).send();
  });
}
