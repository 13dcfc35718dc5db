import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  guidanceAiInput,
  guidanceProfile,
  type AiGuidanceAnswer,
  type GuidanceAnswer,
  type GuidanceProfile,
} from '../../../shared/schemas/guidance.ts';
import { getSessionUser } from '../../auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { today } from '../catalogue/service.ts';
import { guide } from './engine.ts';
import { explainResults, profileFromText } from './llm.ts';
import { saveGuidance, savedGuidanceRoutes } from './saved-guidance.ts';

/** POST /api/guidance: a profile in, ranked programs with reasons and warnings out. No account needed. */
export async function guidanceRoutes(app: FastifyInstance) {
  const rank = (profile: GuidanceProfile) => {
    const on = today();
    const catalogue = app.catalogue.current();
    return guide(catalogue.programRows(profile.level), profile, on, (row) =>
      catalogue.program(row.id, on)!,
    );
  };

  await app.register(savedGuidanceRoutes);

  /** Signed in: the answer is kept with the account, and the reply is private. */
  const keep = async (
    req: FastifyRequest,
    reply: FastifyReply,
    profile: GuidanceProfile,
    answer: GuidanceAnswer,
  ) => {
    const user = await getSessionUser(req);
    if (!user) return;
    reply.header('cache-control', 'no-store');
    await saveGuidance(app, user.id, profile, answer);
  };

  app.post('/api/guidance', { bodyLimit: 8 * 1024 }, async (req, reply) => {
    const profile = parseInput(guidanceProfile, req.body);
    const answer = rank(profile);
    await keep(req, reply, profile, answer);
    return answer;
  });

  /** Whether the page offers the free-text box: only when a language model is configured (D12). */
  app.get('/api/guidance/options', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return { ai: app.config.guidanceLlm !== null };
  });

  /**
   * The student's own words: the model reads the profile, the rules rank, the model explains.
   * The words are personal: never logged, never cached.
   */
  app.post(
    '/api/guidance/ai',
    { bodyLimit: 8 * 1024 },
    async (req, reply): Promise<AiGuidanceAnswer> => {
      reply.header('cache-control', 'no-store');
      const llm = app.config.guidanceLlm;
      if (!llm)
        throw new AppError(
          'GUIDANCE_AI_OFF',
          404,
          'No assistant is configured here: fill in the form, the ranking is rule-based.',
        );
      const { text } = parseInput(guidanceAiInput, req.body);
      const profile = await profileFromText(llm, text);
      const answer = rank(profile);
      await keep(req, reply, profile, answer);
      try {
        const explanation = await explainResults(
          llm,
          profile,
          answer,
          app.catalogue.current().programNames(),
        );
        return { profile, answer, explanation, explanationProblem: null };
      } catch (error) {
        // the ranking stands without the explanation; the reason is said, the student's words are not logged
        req.log.warn(
          { code: error instanceof AppError ? error.code : 'UNKNOWN' },
          'guidance: no explanation from the language model',
        );
        const explanationProblem =
          error instanceof AppError && error.code === 'GUIDANCE_AI_TIMEOUT'
            ? 'The assistant took too long to explain these results; the ranking below is by our rules.'
            : 'The assistant could not explain these results; the ranking below is by our rules.';
        return { profile, answer, explanation: null, explanationProblem };
      }
    },
  );
}
