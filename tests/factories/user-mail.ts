import type { FastifyInstance } from 'fastify';
import { DevOutbox, type OutboxMessage } from '../../server/lib/mailer/dev-outbox.ts';
import { outboxDir } from '../../server/lib/mailer/index.ts';

/** Messages in a test app's dev outbox for `to`, newest first. */
export async function mailTo(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const all = await new DevOutbox(outboxDir(app.config)).list();
  return all.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** Waits (mail is queued in the background) for the newest message to `to` whose subject matches. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  subject: RegExp,
  timeoutMs = 5_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(app, to)).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail matching ${subject} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link in the text part that starts with `prefix` (e.g. the portal's URL). */
export function linkIn(message: { text: string }, prefix: string): string {
  const link = message.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in the message`);
  return link;
}

/** The secret of a link we send: in the fragment, `#token=…` (decision 0032). */
export function tokenOfLink(link: string): string {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error('The link carries no token in its fragment');
  return token;
}

/** Opens a confirmation link as /confirm-email does: the fragment's token, posted once. */
export function confirmByLink(app: FastifyInstance, link: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    remoteAddress: '127.0.0.1',
    headers: { origin: app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: { token: tokenOfLink(link) },
  });
}
