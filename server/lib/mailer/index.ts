import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { DevOutbox } from './dev-outbox.ts';
import type { MailMessage, Mailer } from './types.ts';

export type { MailMessage, Mailer } from './types.ts';
export { renderMail, type MailContent } from './layout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.mailer.send({ to, subject, text, html })`; `renderMail()` gives the portal's look. */
    mailer: Mailer;
  }
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

/** SMTP errors may quote the recipient: keep the code and the message without addresses. */
function describeFailure(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const text = String(message ?? error).replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[email]');
  return [code, responseCode, text].filter(Boolean).join(' ');
}

/** SMTP when SMTP_URL is set, otherwise the dev outbox. Logs never name the recipient. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const pending = new Set<Promise<void>>();
  let deliver: (message: MailMessage) => Promise<void>;
  let closeTransport = () => {};

  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    closeTransport = () => transport.close();
    deliver = async (message) => {
      const info = await transport.sendMail({ from: config.mail.from, ...message });
      log.info({ messageId: info.messageId }, 'mail sent over SMTP');
    };
  } else {
    const outbox = new DevOutbox(outboxDir(config));
    deliver = async (message) => {
      const id = await outbox.save({ from: config.mail.from, ...message });
      log.info(`mail saved to the dev outbox (${id})`);
    };
  }

  return {
    kind: config.mail.smtpUrl ? 'smtp' : 'dev-outbox',
    send: (message) => deliver(message),
    queue(message) {
      const task = deliver(message)
        .catch((error: unknown) => log.error({ reason: describeFailure(error) }, 'mail could not be sent'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async close() {
      await Promise.allSettled([...pending]);
      closeTransport();
    },
  };
}

/** Decorates `app.mailer` and waits for queued mail when the app closes. */
export function registerMailer(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  if (mailer.kind === 'dev-outbox' && app.config.isProduction) {
    app.log.warn('SMTP_URL is not set: e-mail is only saved to the dev outbox and nobody receives it');
  }
}
