import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { DevOutbox } from './dev-outbox.ts';
import type { MailMessage } from './types.ts';

/** One message out of the outbox: its row id makes a redelivery recognisable (Message-ID, file name). */
export interface Delivery {
  readonly kind: 'smtp' | 'dev-outbox';
  deliver(id: string, createdAt: Date, message: MailMessage): Promise<void>;
  close(): void;
}

export class PermanentMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMailError';
  }
}

/** SMTP errors may quote the recipient: keep the code and the message without addresses. */
export function describeFailure(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    message?: string;
  };
  const text = String(message ?? error).replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[email]');
  return [code, responseCode, text].filter(Boolean).join(' ');
}

/** A 5xx answer (mailbox unknown, message refused) will not change on a retry; anything else might. */
export function isPermanent(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  if (error instanceof PermanentMailError) return true;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  // no answer code: an envelope nodemailer cannot build (no valid recipient) stays unbuildable
  return code === 'EENVELOPE';
}

/** SMTP when SMTP_URL is set, otherwise the dev outbox under DATA_DIR/outbox. */
export function createDelivery(
  config: Config,
  outboxDir: string,
  log: FastifyBaseLogger,
): Delivery {
  if (config.mail.smtpUrl) {
    // Short timeouts: a stuck server must not hold a claimed message past its lease.
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const host = new URL(config.publicUrl).hostname;
    return {
      kind: 'smtp',
      async deliver(id, _createdAt, message) {
        const info = await transport.sendMail({
          from: config.mail.from,
          messageId: `<${id}@${host}>`,
          ...message,
        });
        log.info({ mailId: id, messageId: info.messageId }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = new DevOutbox(outboxDir);
  return {
    kind: 'dev-outbox',
    async deliver(id, createdAt, message) {
      const saved = await outbox.save({ from: config.mail.from, ...message }, { id, createdAt });
      log.info(`mail saved to the dev outbox (${saved})`);
    },
    close() {},
  };
}
