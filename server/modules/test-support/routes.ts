import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';

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
    const updated = await app.db
      .update(users)
      .set({ role })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning({ id: users.id });
    if (updated.length === 0) throw new NotFoundError('USER_NOT_FOUND', 'No such account.');
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
