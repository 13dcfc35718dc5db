import type { Db } from '../../db/client.ts';

/** A text file sent with a message (an .ics invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** `app.mailer`: every message goes through the mail outbox table and its worker. */
export interface Mailer {
  /**
   * Writes the message into the outbox with `db`. Pass the transaction of the change that causes
   * the message: it is sent only if that commits, and survives a crash once it has.
   */
  enqueue(db: Db, message: MailMessage): Promise<string>;
  /**
   * As `enqueue`, for a notice that may come many times about one thing: at most one e-mail per
   * `key` per `windowSeconds`, rendered with the number of notices it stands for.
   */
  enqueueGrouped(
    db: Db,
    key: string,
    windowSeconds: number,
    render: (count: number) => MailMessage,
  ): Promise<string>;
  /**
   * Writes the message into the outbox without making the caller wait (so an answer takes the same
   * time whether or not a message goes out: account e-mails). `close()` waits for the write.
   */
  queue(message: MailMessage): void;
  /** Runs a delivery pass now and waits for it (the CLI, tests). */
  flush(): Promise<void>;
  /** Which transport delivers, for the start-up log and /api/health. */
  readonly kind: 'smtp' | 'dev-outbox';
  close(): Promise<void>;
}
