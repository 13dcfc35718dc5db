import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trackLookupInput } from '../../../shared/schemas/application.ts';
import {
  plainTrackQueryKey,
  type PlainFormAnswer,
  type PlainTrackAnswer,
} from '../../../shared/page-rendering.ts';
import { AppError } from '../../lib/errors.ts';
import { trackByEmail } from './service.ts';

/**
 * The track lookup as a plain form (issue 26 §1): the id and e-mail posted to /track are looked
 * up as POST /api/track does (its limit per client address, the same answer whether the id
 * exists or not), and the page shows the application or why not.
 */
export function plainTrackLookup(app: FastifyInstance) {
  const { max, windowSeconds } = app.config.tracking.rateLimit;
  const limiter = app.rateLimits.limit('tracking-ip', { max, windowSeconds });
  return async (req: FastifyRequest, fields: Record<string, string>): Promise<PlainFormAnswer> => {
    const answer = async (): Promise<PlainTrackAnswer> => {
      if (!(await limiter.consume(req.ip)).allowed) return { refused: 'tooMany' };
      const input = trackLookupInput.safeParse({
        applicationId: fields.applicationId ?? '',
        email: fields.email ?? '',
      });
      if (!input.success) return { refused: 'notFound' };
      try {
        return { found: await trackByEmail(app, input.data) };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return { refused: error.code === 'APPLICATION_NOT_FOUND' ? 'notFound' : 'refused' };
      }
    };
    return [{ queryKey: plainTrackQueryKey, data: await answer() }];
  };
}
