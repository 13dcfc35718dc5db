import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The track page's live stream is authorised by a cookie, not a query string (finding 12):
 * EventSource cannot send headers, and a token in a URL ends up in logs and histories. The page
 * POSTs its stream token; the answer sets it as an HttpOnly cookie that only that
 * application's stream URL receives.
 */
export const streamCookieName = 'portal_track_stream';

export const streamPath = (applicationId: string) => `/api/track/stream/${applicationId}`;

export function setStreamCookie(
  reply: FastifyReply,
  applicationId: string,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
) {
  const attributes = [
    `${streamCookieName}=${token}`,
    `Path=${streamPath(applicationId)}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

/** The stream token the browser sent with this request, if any. */
export function streamCookie(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === streamCookieName) return value.join('=') || null;
  }
  return null;
}
