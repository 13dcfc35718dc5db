export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Delivers now; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers in the background: the caller answers at once (so answers take the same time
   * whether or not a message goes out); failures are logged. `close()` waits for them.
   */
  queue(message: MailMessage): void;
  /** Which transport is in use, for the start-up log and /api/health. */
  readonly kind: 'smtp' | 'dev-outbox';
  close(): Promise<void>;
}
