import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import type { Locale } from '../../shared/locales.ts';

/** The account's chosen language, or null when it never chose one (or there is no such account). */
export async function findAccountLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language ?? null;
}

export async function setAccountLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}
