import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationIdParam } from '../../../shared/schemas/application.ts';
import { statusChangeInput } from '../../../shared/schemas/staff.ts';
import { parseInput } from '../../lib/validate.ts';
import { changeStatus } from './status.ts';

/**
 * Only when NODE_ENV is test: lets end-to-end tests (a separate server process) change a status
 * the way the staff console will. Never registered otherwise.
 */
const testStatusChange = z.strictObject({
  status: statusChangeInput.shape.to,
  note: statusChangeInput.shape.note,
});

export async function applicationTestRoutes(app: FastifyInstance) {
  app.post('/api/test/applications/:id/status', async (req) => {
    const { id } = parseInput(applicationIdParam, req.params);
    const { status, note } = parseInput(testStatusChange, req.body);
    const { record } = await changeStatus(app, {
      applicationId: id,
      to: status,
      note,
      actorId: null,
    });
    return { id: record.id, status: record.status };
  });
}
