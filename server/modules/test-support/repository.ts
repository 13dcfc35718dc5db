import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRole } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/index.ts';

/** Gives the account with this address (any case) the role; false when there is none. */
export async function setRoleByEmail(db: Db, email: string, role: UserRole): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}
