import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { setRoleByEmail } from './repository.ts';

/**
 * Fixtures for end-to-end tests and benches, which drive a separate server process. Registered
 * only when NODE_ENV is test (see app.ts); a production server has none of these routes.
 */
export async function testSupportRoutes(app: FastifyInstance) {
  /** A registered account becomes a consultant, or the role given (the e-mail in the body, never the URL). */
  app.post('/api/test/staff-role', async (req, reply) => {
    const { email, role } = parseInput(
      z.strictObject({
        email: z.email().max(254),
        role: z.enum(['consultant', 'catalogue_editor', 'admin']).default('consultant'),
      }),
      req.body,
    );
    if (!(await setRoleByEmail(app.db, email, role)))
      throw new NotFoundError('USER_NOT_FOUND', 'No such account.');
    return reply.code(204).send();
  });

  /** The live-updates bench: memory after a full collection (the server runs with --expose-gc). */
  app.get('/api/test/memory', async () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    return { collected: Boolean(collect), rss, heapUsed, external, arrayBuffers };
  });
}
