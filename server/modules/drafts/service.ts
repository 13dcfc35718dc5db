import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lt, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/locales.ts';
import { draftLimits, type DraftContent, type DraftView } from '../../../shared/schemas/draft.ts';
import type { Db } from '../../db/client.ts';
import { applicationDrafts } from '../../db/schema/drafts.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldCipher } from '../../lib/field-cipher.ts';
import { continueLaterMail } from './emails.ts';

type DraftRow = typeof applicationDrafts.$inferSelect;

export const draftNotFound = () =>
  new AppError('DRAFT_NOT_FOUND', 404, 'No saved application was found.');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The passport number leaves the JSON and is stored encrypted, as on applications. */
function toStored(content: DraftContent, cipher: FieldCipher) {
  const { passportNumber, ...values } = content.values;
  return {
    content: { ...content, values },
    passportNumber: passportNumber ? cipher.encrypt(passportNumber) : null,
  };
}

export function toDraftView(row: DraftRow, cipher: FieldCipher): DraftView {
  const values = { ...row.content.values };
  if (row.passportNumber) values.passportNumber = cipher.decrypt(row.passportNumber);
  return { ...row.content, values, updatedAt: row.updatedAt.toISOString() };
}

export async function findOwnDraft(
  app: FastifyInstance,
  userId: string,
): Promise<DraftView | null> {
  const [row] = await app.db
    .select()
    .from(applicationDrafts)
    .where(eq(applicationDrafts.userId, userId));
  return row ? toDraftView(row, app.fieldCipher) : null;
}

/** One draft per account: the latest save replaces it. */
export async function saveOwnDraft(
  app: FastifyInstance,
  userId: string,
  content: DraftContent,
): Promise<DraftView> {
  const stored = toStored(content, app.fieldCipher);
  const now = new Date();
  const [row] = await app.db
    .insert(applicationDrafts)
    .values({ id: randomUUID(), userId, ...stored, updatedAt: now })
    .onConflictDoUpdate({
      target: applicationDrafts.userId,
      set: { ...stored, updatedAt: now },
    })
    .returning();
  return toDraftView(row!, app.fieldCipher);
}

export async function deleteOwnDraft(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .delete(applicationDrafts)
    .where(eq(applicationDrafts.userId, userId))
    .returning({ id: applicationDrafts.id });
  return removed.length > 0;
}

/**
 * "Continue later" for a signed-out student: the draft is kept under the hash of a random secret,
 * and the secret goes by e-mail in the link's fragment (decision 0032), in the same transaction.
 */
export async function saveLinkDraft(
  app: FastifyInstance,
  email: string,
  content: DraftContent,
  language: Locale,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const stored = toStored(content, app.fieldCipher);
  const program = content.choice.programId;
  const link = `${app.config.publicUrl}/application${
    program ? `?program=${encodeURIComponent(program)}` : ''
  }#draft=${token}`;
  await app.db.transaction(async (tx: Db) => {
    await tx.insert(applicationDrafts).values({
      id: randomUUID(),
      linkHash: hashOf(token),
      email: email.trim(),
      ...stored,
    });
    await app.mailer.enqueue(tx, continueLaterMail(email.trim(), link, language));
  });
}

const linkDraft = (token: string) => eq(applicationDrafts.linkHash, hashOf(token));

/** The draft a "continue later" link opens; opening it counts as use (the 30 days start again). */
export async function openLinkDraft(app: FastifyInstance, token: string): Promise<DraftView> {
  const [row] = await app.db
    .update(applicationDrafts)
    .set({ updatedAt: new Date() })
    .where(linkDraft(token))
    .returning();
  if (!row) throw draftNotFound();
  return toDraftView(row, app.fieldCipher);
}

export async function discardLinkDraft(db: Db, token: string): Promise<boolean> {
  const removed = await db
    .delete(applicationDrafts)
    .where(linkDraft(token))
    .returning({ id: applicationDrafts.id });
  return removed.length > 0;
}

/** A person's drafts: their account's, and the links sent to their address once it is theirs. */
export function draftsOf(subject: {
  userId: string | null;
  email: string;
  addressProven: boolean;
}): SQL {
  return or(
    subject.userId ? eq(applicationDrafts.userId, subject.userId) : undefined,
    subject.addressProven
      ? and(
          isNotNull(applicationDrafts.email),
          sql`lower(${applicationDrafts.email}) = ${subject.email.toLowerCase()}`,
        )
      : undefined,
    // an address not proven still reaches no one's drafts
    sql`false`,
  )!;
}

/** Drafts unchanged for 30 days go; the rest keep their passport number under the current key. */
export async function sweepDrafts(app: FastifyInstance, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - draftLimits.keptDays * 86_400_000);
  const removed = await app.db
    .delete(applicationDrafts)
    .where(lt(applicationDrafts.updatedAt, cutoff))
    .returning({ id: applicationDrafts.id });
  const cipher = app.fieldCipher;
  const stale = await app.db
    .select({ id: applicationDrafts.id, passportNumber: applicationDrafts.passportNumber })
    .from(applicationDrafts)
    .where(
      and(
        isNotNull(applicationDrafts.passportNumber),
        notLike(applicationDrafts.passportNumber, sql`${`enc1:${cipher.currentKeyId}:%`}`),
      ),
    );
  for (const row of stale)
    await app.db
      .update(applicationDrafts)
      .set({ passportNumber: cipher.encrypt(cipher.decrypt(row.passportNumber!)) })
      .where(eq(applicationDrafts.id, row.id));
  return removed.length;
}
