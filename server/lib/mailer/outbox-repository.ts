import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, type MailStatus } from '../../db/schema/outbox.ts';
import type { MailMessage } from './types.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The channel that wakes every instance's mail worker when a message is written. */
export const mailChannel = 'mail_outbox';

/** Writes a message; with a transaction, it exists (and wakes the workers) only if that commits. */
export async function insertMail(db: Db, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.length ? message.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  await db.execute(sql`select pg_notify(${mailChannel}, '')`);
  return row!.id;
}

/** Notices grouped under one key, rendered for how many they stand for. */
export interface GroupedMail {
  key: string;
  windowSeconds: number;
  render(count: number): MailMessage;
}

/**
 * One e-mail per `key` per window: the first at once; any more within the window join one e-mail
 * due a window after the last one, rendered again with their count each time one joins.
 * Callers serialise per key (the application's row lock for a case's notices). A notice already
 * tried (`attempts` > 0, or being sent) is never changed: a later one opens the next group.
 */
export async function insertGroupedMail(db: Db, grouped: GroupedMail): Promise<string> {
  const [open] = await db
    .select({ id: mailOutbox.id, count: mailOutbox.groupCount })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.groupKey, grouped.key),
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.attempts, 0),
      ),
    )
    .for('update');
  if (open) {
    const count = open.count + 1;
    const message = grouped.render(count);
    await db
      .update(mailOutbox)
      .set({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        groupCount: count,
      })
      .where(eq(mailOutbox.id, open.id));
    return open.id;
  }
  const message = grouped.render(1);
  const window = `${grouped.windowSeconds} seconds`;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      groupKey: grouped.key,
      // a window after the last e-mail of the key went (or is due to go)
      nextAttemptAt: sql`greatest(now(), coalesce((select max(coalesce(${mailOutbox.sentAt}, ${mailOutbox.nextAttemptAt})) + ${window}::interval from ${mailOutbox} where ${mailOutbox.groupKey} = ${grouped.key}), now()))`,
    })
    .returning({ id: mailOutbox.id });
  await db.execute(sql`select pg_notify(${mailChannel}, '')`);
  return row!.id;
}

/**
 * Claims up to `limit` due messages for `leaseMs`: rows another instance is claiming are skipped
 * (SKIP LOCKED), and a claimed row stays invisible to the others until its lease ends.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update mail_outbox set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, ids))
    .orderBy(asc(mailOutbox.nextAttemptAt));
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Another try after `retryInMs`, or failed for good (`retryInMs` null). */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      lockedUntil: null,
      ...(retryInMs === null
        ? { status: 'failed' as const }
        : { nextAttemptAt: new Date(Date.now() + retryInMs) }),
    })
    .where(eq(mailOutbox.id, id));
}

/** When the next pending message falls due (null when there is none). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        string | Date | null
      >`min(greatest(${mailOutbox.nextAttemptAt}, coalesce(${mailOutbox.lockedUntil}, ${mailOutbox.nextAttemptAt})))`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return row?.at ? new Date(row.at) : null;
}

export interface OutboxEntry {
  id: string;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
}

export async function listMail(db: Db, status: MailStatus, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, status))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
  }));
}

export async function countMail(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** A failed message goes back to the queue with a fresh count of attempts. */
export async function requeueFailed(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  if (row) await db.execute(sql`select pg_notify(${mailChannel}, '')`);
  return row ?? null;
}

/** Sent messages carry personal data and are kept only as long as someone might ask about them. */
export async function pruneSent(db: Db, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, olderThan)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

export async function mailStatus(db: Db, id: string): Promise<MailStatus | null> {
  const [row] = await db
    .select({ status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row?.status ?? null;
}
