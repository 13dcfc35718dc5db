import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { locales } from '../../shared/locales.ts';
import { requireUser } from '../auth/session.ts';
import { parseInput } from '../lib/validate.ts';
import { setAccountLanguage } from './language-repository.ts';

export const languageInput = z.object({ language: z.enum(locales) }).strict();

/**
 * The signed-in person's language (decision 0025): chosen from the menu, kept on the account so
 * another device opens in it and e-mails can be written in it.
 */
export async function languageRoutes(app: FastifyInstance) {
  app.put('/api/me/language', { preHandler: requireUser }, async (req, reply) => {
    const { language } = parseInput(languageInput, req.body ?? {});
    await setAccountLanguage(app.db, req.user!.id, language);
    reply.header('cache-control', 'no-store');
    return { language };
  });
}
