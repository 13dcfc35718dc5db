/** /api/staff/mail: the mail outbox as administrators see it. */
export interface OutboxMailEntry {
  id: string;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** The last failure, without addresses. */
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
}

export interface MailOverview {
  counts: { pending: number; sent: number; failed: number };
  /** Newest first; messages the worker gave up on, waiting for a retry. */
  failed: OutboxMailEntry[];
  /** Newest first; messages still being tried. */
  pending: OutboxMailEntry[];
}
