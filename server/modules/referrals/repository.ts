import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerships, referrals } from '../../db/schema/index.ts';

export type ReferralRow = typeof referrals.$inferSelect;
export type PartnershipRow = typeof partnerships.$inferSelect;

/** Inserts unless a row with this idempotency key exists; then answers undefined. */
export async function insertReferralOnce(db: Db, values: typeof referrals.$inferInsert) {
  const [row] = await db
    .insert(referrals)
    .values(values)
    .onConflictDoNothing({ target: referrals.idempotencyKey })
    .returning();
  return row;
}

export async function findReferralByKey(db: Db, key: string) {
  const [row] = await db.select().from(referrals).where(eq(referrals.idempotencyKey, key));
  return row;
}

export async function insertPartnershipOnce(db: Db, values: typeof partnerships.$inferInsert) {
  const [row] = await db
    .insert(partnerships)
    .values(values)
    .onConflictDoNothing({ target: partnerships.idempotencyKey })
    .returning();
  return row;
}

export async function findPartnershipByKey(db: Db, key: string) {
  const [row] = await db.select().from(partnerships).where(eq(partnerships.idempotencyKey, key));
  return row;
}
