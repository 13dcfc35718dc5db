import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.database.ping();
      return { status: 'ok', database: 'up' };
    } catch (error) {
      req.log.error({ err: error }, 'database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });
}
