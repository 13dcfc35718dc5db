import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { endEveryWayIn } from '../../auth/ways-in.ts';
import {
  deleteDeactivation,
  findMember,
  findUserByEmail,
  insertStaffUser,
  makeConfirmedAdmin,
} from './team-repository.ts';

export interface EnsuredAdmin {
  userId: string;
  /** True when the command made a new account; false when an existing one became (or stayed) admin. */
  created: boolean;
  previousRole: string | null;
}

/**
 * The operator's way in (`npm run admin:create`): the account for this e-mail, made if needed,
 * becomes an administrator with a confirmed address, and is reactivated if it was deactivated.
 */
export async function ensureAdmin(db: Db, email: string, name = ''): Promise<EnsuredAdmin> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, address);
    let result: EnsuredAdmin;
    if (existing) {
      // An applicant's account may have been registered by anyone (issue 22 finding 2): like an
      // invitation, the command leaves it no way in from before; the operator sets the password.
      if (existing.role === 'applicant' || !existing.emailVerified)
        await endEveryWayIn(tx, existing, { keepPassword: false });
      await makeConfirmedAdmin(tx, existing.id);
      if ((await findMember(tx, existing.id))?.deactivatedAt)
        await deleteDeactivation(tx, existing.id);
      result = { userId: existing.id, created: false, previousRole: existing.role };
    } else {
      result = {
        userId: await insertStaffUser(tx, { email: address, name, role: 'admin' }),
        created: true,
        previousRole: null,
      };
    }
    await recordAudit(tx, {
      actorId: null,
      action: 'admin.created',
      subjectType: 'user',
      subjectId: result.userId,
      details: {
        email: address,
        via: 'command line',
        ...(result.previousRole ? { previousRole: result.previousRole } : {}),
      },
    });
    return result;
  });
}
