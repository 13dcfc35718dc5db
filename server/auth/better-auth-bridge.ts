import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapAuthError } from './auth-errors.ts';
import { clientIpHeader } from './create-auth.ts';
import { callbackLocation, isCallbackPath } from './provider-callback.ts';

/** The request as better-auth's fetch handler takes it, with the client address we trust. */
export function toFetchHeaders(req: FastifyRequest, dropCookie: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === clientIpHeader) continue;
    if (dropCookie && name === 'cookie') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  headers.set(clientIpHeader, req.ip);
  return headers;
}

function isSecondFactorChallenge(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** Whether the answer set a session cookie (a real sign-in, not a second-factor challenge). */
export function hasNewSession(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) => /^portal[._-]session_token=[^;]/.test(cookie.replace(/^__Secure-/, '')));
}

/** Session tokens stay in HttpOnly cookies: never hand them to page scripts. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}

/** What a caller receives from a successful answer unless its route says otherwise. */
export function plainAnswer(body: unknown): unknown {
  if (isSecondFactorChallenge(body)) {
    // Which step comes next: the code (an authenticator app), or a passkey (staff without one).
    const methods = (body as { twoFactorMethods?: unknown }).twoFactorMethods;
    const passkeyOnly = Array.isArray(methods) && methods.length === 1 && methods[0] === 'passkey';
    return { twoFactorRedirect: true, twoFactorMethods: passkeyOnly ? ['passkey'] : ['totp'] };
  }
  return withoutTokens(body);
}

/** A JSON answer made here, in better-auth's shape, for `sendAuthResponse` to pass on. */
export function jsonResponse(
  status: number,
  payload: unknown,
  headers: HeadersInit = {},
): Response {
  const answer = new Headers(headers);
  answer.set('content-type', 'application/json');
  return new Response(JSON.stringify(payload), { status, headers: answer });
}

const droppedHeaders = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

/**
 * Passes better-auth's answer on: every header (each cookie), errors in our shape with words for
 * people, and a successful JSON body through `answer`.
 */
export async function sendAuthResponse(
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  response: Response,
  answer: (body: unknown) => unknown = plainAnswer,
) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!droppedHeaders.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const isRedirect = response.status >= 300 && response.status < 400;
  if (isRedirect && isCallbackPath(path)) {
    const location = response.headers.get('location');
    if (location) reply.header('location', callbackLocation(location, req.server.config.publicUrl));
  }
  if (isRedirect) return reply.send('');
  // A browser back from a provider with a request better-auth refuses outright: /login says so.
  if (isCallbackPath(path) && response.status >= 400 && response.status < 500) {
    return reply.code(302).header('location', '/login?sso_error=invalid_callback_request').send('');
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  if (!isJson) return reply.send(Buffer.from(await response.arrayBuffer()));
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const retryAfter = response.headers.get('x-retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    const error = mapAuthError(path, response.status, body, retryAfter);
    if (error.status >= 500)
      req.log.error({ status: response.status, path }, 'the auth server failed');
    return reply.code(error.status).send({
      error: {
        code: error.code,
        message: error.message,
        ...(error.params ? { params: error.params } : {}),
        requestId: req.id,
      },
    });
  }
  return reply.send(await answer(body));
}
