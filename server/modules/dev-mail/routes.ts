import type { FastifyInstance } from 'fastify';
import { DevOutbox, isOutboxId } from '../../lib/mailer/dev-outbox.ts';
import { outboxDir } from '../../lib/mailer/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { framedMessageHtml, listPage, messagePage, outboxCss } from './page.ts';

/**
 * Only the message's own inline styles; no scripts, no requests, framed by our page only. The
 * sandbox lets a clicked link open in a new tab (outside the sandbox), and nothing else.
 */
const messageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** /dev/mail: the dev outbox for people, and /dev/mail/api/messages for tests. Never in production. */
export async function devMailRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  const outbox = new DevOutbox(outboxDir(app.config));

  // Every reset and confirmation link sits here: only this machine may read it (finding 15).
  app.addHook('onRequest', async (req) => {
    if (!isLoopback(req.ip))
      throw new NotFoundError('NOT_FOUND', 'There is nothing at this address.');
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const find = async (id: string) => {
    const message = isOutboxId(id) ? await outbox.get(id) : null;
    if (!message)
      throw new NotFoundError('MESSAGE_NOT_FOUND', 'There is no such message in the dev outbox.');
    return message;
  };

  app.get('/dev/mail/api/messages', async () => outbox.list());
  app.get<{ Params: { id: string } }>('/dev/mail/api/messages/:id', async (req) =>
    find(req.params.id),
  );

  app.get('/dev/mail/outbox.css', async (_req, reply) => reply.type('text/css').send(outboxCss));
  app.get('/dev/mail', async (_req, reply) =>
    reply.type('text/html').send(listPage(await outbox.list())),
  );
  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (req, reply) =>
    reply.type('text/html').send(messagePage(await find(req.params.id))),
  );
  app.get<{ Params: { id: string } }>('/dev/mail/:id/html', async (req, reply) => {
    const message = await find(req.params.id);
    return reply
      .header('content-security-policy', messageCsp)
      .type('text/html')
      .send(framedMessageHtml(message.html));
  });
}
