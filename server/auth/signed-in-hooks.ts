import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from './session.ts';

export type SignedInListener = (user: SessionUser) => Promise<void> | void;

/**
 * Things other modules do when a user with a verified e-mail signs in. (Applications sent signed
 * out no longer join here: an address is no proof, D2.) A failing listener is logged and never
 * blocks the sign-in.
 */
export class SignedInHooks {
  private readonly listeners: SignedInListener[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  add(listener: SignedInListener): void {
    this.listeners.push(listener);
  }

  async run(user: SessionUser): Promise<void> {
    if (!user.emailVerified) return;
    for (const listener of this.listeners) {
      try {
        await listener(user);
      } catch (error) {
        this.log.error({ err: error, userId: user.id }, 'a sign-in listener failed');
      }
    }
  }
}
