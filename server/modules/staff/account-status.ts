import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDeactivations } from '../../db/schema/index.ts';

export const accountDeactivatedMessage =
  'This account has been deactivated. If you think this is a mistake, please contact an administrator.';

/** Checked by better-auth before it creates any session (server/auth/create-auth.ts). */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userDeactivations.userId })
    .from(userDeactivations)
    .where(eq(userDeactivations.userId, userId));
  return row !== undefined;
}
