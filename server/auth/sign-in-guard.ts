import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountLimiter, RateLimitedError } from './account-limiter.ts';
import { forgetDevice, isKnownDevice, knownDeviceToken, rememberDevice } from './known-devices.ts';

/** Wrong passwords a known device may send in this window before it is a stranger again. */
const knownDeviceFailures = { max: 3, windowSeconds: 15 * 60 };

/**
 * The password sign-in's limits (finding 5 of issues 9 and 22): failures per account slow guessing
 * to one attempt per `AUTH_SLOW_DOWN_SECONDS`, except from a device the account signed in from
 * before; a right password makes this browser a known device, wrong ones from it soon undo that.
 */
export function passwordSignInGuard(app: FastifyInstance) {
  const limiter = new AccountLimiter(app.config.auth.rateLimit, app.rateLimits);
  const deviceFailures = app.rateLimits.limit('auth-known-device-failures', knownDeviceFailures);
  const known = async (req: FastifyRequest, email: string) => {
    const token = knownDeviceToken(req, app.config);
    return { token, isKnown: token ? await isKnownDevice(app.db, token, email) : false };
  };

  return {
    async before(req: FastifyRequest, reply: FastifyReply, email: string) {
      try {
        await limiter.beforeSignIn(email, (await known(req, email)).isKnown);
      } catch (error) {
        if (error instanceof RateLimitedError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
    async after(req: FastifyRequest, reply: FastifyReply, email: string, status: number) {
      const device = await known(req, email);
      await limiter.afterSignIn(email, status, device.isKnown && (await limiter.isSlowed(email)));
      if (status === 200) await rememberDevice(app.db, app.config, reply, email, device.token);
      if (status === 401 && device.isKnown && device.token) {
        const verdict = await deviceFailures.consume(device.token);
        if (!verdict.allowed) await forgetDevice(app.db, device.token);
      }
    },
  };
}
