import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * A response body worked out once for many readers: serialised and tagged up front, each
 * compressed variant made the first time a reader asks for it and kept, so a request only picks
 * the variant it accepts (or answers 304), and an answer read once is compressed once.
 */
export interface PreparedBody {
  readonly etag: string;
  readonly contentType: string;
  readonly identity: Buffer;
  /** The body in this encoding, or undefined when it is too small to be worth compressing. */
  encoded(encoding: Encoding): Buffer | undefined;
}

/** Smaller bodies are sent as they are: compressing them gains less than the header costs. */
const compressFrom = 1024;

/**
 * `quality`: 'max' for bodies prepared once and read for long (the site, the consultants); 'fast'
 * for answers prepared on demand and cached for a while (catalogue searches).
 */
export function prepareBody(
  body: string | Buffer,
  contentType: string,
  quality: 'max' | 'fast' = 'max',
): PreparedBody {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const made: Partial<Record<Encoding, Buffer>> = {};
  const compress: Record<Encoding, () => Buffer> = {
    br: () =>
      brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality === 'max' ? constants.BROTLI_MAX_QUALITY : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    gzip: () => gzipSync(identity, { level: quality === 'max' ? 9 : 6 }),
  };
  const encoded = (encoding: Encoding) => {
    if (identity.length < compressFrom) return undefined;
    return (made[encoding] ??= compress[encoding]());
  };
  // Bodies prepared once and read for long are compressed now, off the first reader's time.
  if (quality === 'max') {
    encoded('br');
    encoded('gzip');
  }
  return { etag, contentType, identity, encoded };
}

export function prepareJson(value: unknown, quality: 'max' | 'fast' = 'max'): PreparedBody {
  return prepareBody(JSON.stringify(value), 'application/json; charset=utf-8', quality);
}

const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: boundedCache(64),
});

/** Only the first few distinct Accept-Encoding values are remembered, whatever clients send. */
function boundedCache(max: number) {
  const map = new Map<string, string>();
  const cache = {
    get: (key: string) => map.get(key),
    has: (key: string) => map.has(key),
    set(key: string, value: string) {
      if (map.size < max) map.set(key, value);
      return cache;
    },
  };
  return cache;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === opaque || trimmed === `W/${opaque}`;
  });
}

/** Sends a prepared body: 304 when the reader has it, else the best encoding it accepts. */
export function sendPrepared(
  req: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
  cacheControl: string,
  vary = 'accept-encoding',
) {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', vary);
  if (matchesEtag(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.header('content-type', body.contentType);
  const accept = req.headers['accept-encoding'];
  const encoding =
    accept && body.identity.length >= compressFrom ? negotiator.negotiate(accept) : null;
  const encoded = encoding ? body.encoded(encoding) : undefined;
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(body.identity);
}
