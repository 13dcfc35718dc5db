import type { FastifyInstance } from 'fastify';

export interface AuthRequestOptions {
  cookie?: string;
  /** The client's address as the server sees it (rate limits are per IP). */
  ip?: string;
  headers?: Record<string, string>;
}

/** A POST to better-auth as the portal's own pages send it (same-origin Origin header). */
export function authPost(
  app: FastifyInstance,
  path: string,
  payload: object,
  options: AuthRequestOptions = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      origin: app.config.publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload,
  });
}

export function authGet(
  app: FastifyInstance,
  pathAndQuery: string,
  options: AuthRequestOptions = {},
) {
  return app.inject({
    method: 'GET',
    url: pathAndQuery.startsWith('/api/') ? pathAndQuery : `/api/auth${pathAndQuery}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

export const apiError = (res: { json: () => unknown }) =>
  (
    res.json() as {
      error: {
        code: string;
        message: string;
        fields?: Record<string, string>;
        issues?: Record<string, { code: string; params?: Record<string, unknown> }>;
      };
    }
  ).error;

/** POST /api/me/reauth with the password: sensitive account changes are open for 5 minutes. */
export function reauthenticate(app: FastifyInstance, cookie: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/me/reauth',
    headers: { origin: app.config.publicUrl, cookie },
    payload: { password },
  });
}
