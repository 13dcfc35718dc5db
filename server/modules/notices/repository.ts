import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** An account's address and language, for an e-mail to it. */
export async function findAccountContact(db: Db, userId: string) {
  const [account] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}
