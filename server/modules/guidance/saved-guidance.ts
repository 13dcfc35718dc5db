import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  GuidanceAnswer,
  GuidanceProfile,
  SavedGuidance,
} from '../../../shared/schemas/guidance.ts';
import { requireRole } from '../../auth/session.ts';
import { applicationNotFound } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';
import * as repo from './repository.ts';

/** Guidance a signed-in student asked for is kept with the account (issue 11 item 4): the profile and the top results. */
export async function saveGuidance(
  app: FastifyInstance,
  userId: string,
  profile: GuidanceProfile,
  answer: GuidanceAnswer,
) {
  await repo.insertSavedGuidance(app.db, {
    userId,
    profile,
    results: answer.results.slice(0, 10).map((r) => ({
      programId: r.program.id,
      programName: r.program.name,
      universityName: r.program.universityName,
      reasons: r.reasons,
      warnings: r.warnings,
    })),
  });
}

/** The latest guidance of the application's student, for consultants beside the application. */
export async function guidanceForApplication(
  app: FastifyInstance,
  applicationId: string,
): Promise<SavedGuidance | null> {
  const userId = await repo.findApplicationOwner(app.db, applicationId);
  if (userId === undefined) throw applicationNotFound();
  if (!userId) return null;
  const row = await repo.findLatestSavedGuidance(app.db, userId);
  return row
    ? { profile: row.profile, results: row.results, savedAt: row.createdAt.toISOString() }
    : null;
}

export async function savedGuidanceRoutes(app: FastifyInstance) {
  app.get(
    '/api/staff/applications/:id/guidance',
    { preHandler: requireRole(...caseworkRoles) },
    async (req, reply) => {
      const { id } = parseInput(
        z.strictObject({ id: z.uuid('Not an application id') }),
        req.params,
      );
      reply.header('cache-control', 'no-store');
      return { guidance: await guidanceForApplication(app, id) };
    },
  );
}
