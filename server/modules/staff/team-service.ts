import type { FastifyInstance } from 'fastify';
import type { InviteInput, TeamMember } from '../../../shared/schemas/staff.ts';
import type { StaffRole } from '../../../shared/staff-workflow.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { UserRole } from '../../db/schema/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError, VersionConflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { invitationMail } from './emails.ts';
import { issueSetPasswordLink, setPasswordLinkDays } from './set-password-link.ts';
import * as repo from './team-repository.ts';

const notFound = () => new NotFoundError('USER_NOT_FOUND', 'No such account.');
const lastAdmin = () =>
  new AppError(
    'LAST_ADMIN',
    409,
    'The portal needs at least one active administrator: make someone else an administrator first.',
  );

type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMember>>>;

function toMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // findTeam and findMember's callers never list a partner's user (D20)
    role: row.role as TeamMember['role'],
    hasSignedUp: row.hasSignedUp,
    deactivatedAt: row.deactivatedAt ? row.deactivatedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTeam(db: Db): Promise<TeamMember[]> {
  return (await repo.findTeam(db)).map(toMember);
}

async function memberOrThrow(db: Db, id: string): Promise<TeamMember> {
  const row = await repo.findMember(db, id);
  if (!row) throw notFound();
  return toMember(row);
}

/**
 * Invites a colleague: the account is created (or an applicant's account given the role) with
 * its address confirmed, and a set-password link is e-mailed. An existing account loses every way
 * into it first (decision 0032): only the holder of the inbox sets the staff password. Inviting someone who has not set a password yet sends a fresh link.
 */
export async function inviteStaff(
  app: FastifyInstance,
  actor: SessionUser,
  input: InviteInput,
): Promise<TeamMember> {
  const email = input.email.toLowerCase();
  const userId = await app.db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, email);
    let id = existing?.id;
    if (existing) {
      const member = await repo.findMember(tx, existing.id);
      if (member?.deactivatedAt) {
        throw new AppError(
          'ACCOUNT_DEACTIVATED',
          409,
          'This account is deactivated: reactivate it instead of inviting it again.',
        );
      }
      if (existing.role !== 'applicant' && member?.hasSignedUp) {
        throw new AppError(
          'ALREADY_STAFF',
          409,
          'This person is already on the team. They can use “Forgot your password?” to sign in.',
        );
      }
      // Whoever registered this address may not be the person invited (issue 22 findings 1-2): the
      // account keeps no way in from before (password, passkeys, authenticator app, identities,
      // trusted devices, sessions, pending links), and its address is confirmed by the
      // invitation's link alone.
      // (A colleague invited before and not signed up yet has none of these: earlier invitation
      // links stay valid.)
      if (existing.role === 'applicant') {
        await repo.clearCredentials(tx, existing);
        await repo.markEmailVerified(tx, existing.id);
      }
      if (existing.role !== input.role && existing.role !== 'admin') {
        await repo.setRole(tx, existing.id, input.role);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'staff.role_changed',
          subjectType: 'user',
          subjectId: existing.id,
          details: { email, from: existing.role, to: input.role },
        });
      }
    } else {
      id = await repo.insertStaffUser(tx, { email, name: input.name, role: input.role });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.invited',
      subjectType: 'user',
      subjectId: id!,
      details: { email, role: input.role, ...(existing ? { existingAccount: true } : {}) },
    });
    return id!;
  });
  const link = await issueSetPasswordLink(app.auth, app.config, userId);
  const role: StaffRole = input.role;
  await app.mailer.enqueue(app.db, {
    to: email,
    ...invitationMail(link, role, actor.name.trim() || actor.email, setPasswordLinkDays),
  });
  return memberOrThrow(app.db, userId);
}

/** Any role change, except one that would leave no active administrator. */
export async function changeRole(
  app: FastifyInstance,
  actor: SessionUser,
  userId: string,
  from: UserRole,
  role: UserRole,
): Promise<TeamMember> {
  await app.db.transaction(async (tx) => {
    await repo.lockAdmins(tx);
    const target = await repo.findMember(tx, userId);
    if (!target) throw notFound();
    if (target.role === role) return;
    if (target.role !== from) throw new VersionConflict('ROLE_CHANGED_MEANWHILE', toMember(target));
    if (target.role === 'admin' && (await repo.countActiveAdminsOtherThan(tx, userId)) === 0)
      throw lastAdmin();
    await repo.setRole(tx, userId, role);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.role_changed',
      subjectType: 'user',
      subjectId: userId,
      details: { email: target.email, from: target.role, to: role },
    });
  });
  return memberOrThrow(app.db, userId);
}

/** The account keeps its data, every session ends at once, and no new one can start. */
export async function deactivateUser(
  app: FastifyInstance,
  actor: SessionUser,
  userId: string,
): Promise<TeamMember> {
  if (userId === actor.id) {
    throw new AppError(
      'CANNOT_DEACTIVATE_SELF',
      409,
      'You cannot deactivate your own account: ask another administrator.',
    );
  }
  await app.db.transaction(async (tx) => {
    await repo.lockAdmins(tx);
    const target = await repo.findMember(tx, userId);
    if (!target) throw notFound();
    if (target.deactivatedAt) return;
    if (target.role === 'admin' && (await repo.countActiveAdminsOtherThan(tx, userId)) === 0)
      throw lastAdmin();
    await repo.insertDeactivation(tx, userId, actor.id);
    await repo.deleteSessions(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.deactivated',
      subjectType: 'user',
      subjectId: userId,
      details: { email: target.email, role: target.role },
    });
  });
  return memberOrThrow(app.db, userId);
}

export async function reactivateUser(
  app: FastifyInstance,
  actor: SessionUser,
  userId: string,
): Promise<TeamMember> {
  await app.db.transaction(async (tx) => {
    const target = await repo.findMember(tx, userId);
    if (!target) throw notFound();
    if (!target.deactivatedAt) return;
    await repo.deleteDeactivation(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.reactivated',
      subjectType: 'user',
      subjectId: userId,
      details: { email: target.email, role: target.role },
    });
  });
  return memberOrThrow(app.db, userId);
}

/** An admin ends every session of a colleague (issue 10, item 6): they sign in again, with their factor. */
export async function endMemberSessions(
  app: FastifyInstance,
  actor: SessionUser,
  userId: string,
): Promise<{ ended: number }> {
  return app.db.transaction(async (tx) => {
    const target = await repo.findMember(tx, userId);
    if (!target) throw notFound();
    const ended = await repo.deleteSessions(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.sessions_ended',
      subjectType: 'user',
      subjectId: userId,
      details: { role: target.role },
    });
    return { ended };
  });
}
