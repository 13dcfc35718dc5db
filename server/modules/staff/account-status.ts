import type { Db } from '../../db/client.ts';
import { hasDeactivation } from './team-repository.ts';

export const accountDeactivatedMessage =
  'This account has been deactivated. If you think this is a mistake, please contact an administrator.';

/** Checked by better-auth before it creates any session (server/auth/create-auth.ts). */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  return hasDeactivation(db, userId);
}
