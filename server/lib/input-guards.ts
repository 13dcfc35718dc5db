import type { FastifyInstance } from 'fastify';
import { hasUnstorableCharacter } from '../../shared/text-safety.ts';
import { AppError } from './errors.ts';

/** Deeper JSON than any form of the portal sends is refused before it is parsed. */
export const maxJsonDepth = 32;

export const invalidCharacter = () =>
  new AppError(
    'INVALID_CHARACTER',
    400,
    'The request contains a character that is not allowed (NUL or an unpaired surrogate).',
  );
const tooDeep = () =>
  new AppError(
    'TOO_DEEP',
    400,
    `The request is nested too deeply (more than ${maxJsonDepth} levels).`,
  );
const badJson = () => new AppError('INVALID_JSON', 400, 'The request body is not valid JSON.');

/** The nesting depth of a JSON text, counted without parsing it (strings skipped). Stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Whether any key or text in a parsed value holds a NUL or a lone surrogate: PostgreSQL stores
 * neither (text refuses NUL, jsonb both), so every JSON body is checked here once, not per route.
 */
export function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return hasUnstorableCharacter(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, inner]) => hasUnstorableCharacter(key) || containsUnstorableText(inner),
    );
  }
  return false;
}

/**
 * Hostile input gets a clear 400 before any route sees it: a NUL anywhere in the URL, a NUL or a
 * lone surrogate in a JSON body, JSON nested deeper than any form sends, JSON that is not valid
 * UTF-8 text.
 */
export function registerInputGuards(app: FastifyInstance): void {
  // callback hooks, not async: every request passes here, and a promise each costs
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.includes('\0') || req.url.includes('%00')) return done(invalidCharacter());
    done();
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return done(badJson(), undefined);
    }
    if (jsonDepthExceeds(text, maxJsonDepth)) return done(tooDeep(), undefined);
    parseJson(req, text, (error, value) => {
      if (error) return done(error, undefined);
      if (containsUnstorableText(value)) return done(invalidCharacter(), undefined);
      done(null, value);
    });
  });
}
