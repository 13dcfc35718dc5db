import { applicationStatuses, type ApplicationStatus } from './application-status.ts';

export const staffRoles = ['consultant', 'catalogue_editor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === 'consultant' || role === 'catalogue_editor' || role === 'admin';
}

/** Partner organisations' users (D20, decision 0041): they see their own students only. */
export function isPartnerRole(role: string | null | undefined): role is 'partner' {
  return role === 'partner';
}

/** Staff and partners need a second factor (an authenticator app or a passkey) before any of their routes open. */
export function needsSecondFactorRole(role: string | null | undefined): boolean {
  return isStaffRole(role) || isPartnerRole(role);
}

/** Who may change the catalogue (D11): administrators and catalogue editors. */
export const catalogueRoles = ['catalogue_editor', 'admin'] as const;
export function canEditCatalogue(role: string | null | undefined): boolean {
  return role === 'catalogue_editor' || role === 'admin';
}

/** Who works on applications and requests: consultants and administrators. */
export const caseworkRoles = ['consultant', 'admin'] as const;
export function worksOnCases(role: string | null | undefined): boolean {
  return role === 'consultant' || role === 'admin';
}

/**
 * Why a status move is refused, or null when it is allowed: forward one step at a time, and
 * backwards (D3: only to correct a mistake) with a note saying why. The server, the staff console
 * and the lists of moves below all follow this one rule.
 */
export type StatusMoveRefusal =
  'STATUS_UNCHANGED' | 'STATUS_MOVE_NOT_ALLOWED' | 'STATUS_NOTE_REQUIRED';

/**
 * D18: the team moves an application to reviewed by hand; applied, offered and accepted follow
 * from what is recorded on its choices (a step back to correct a mistake stays possible).
 */
export function followsChoices(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return !isStepBack(from, to) && to !== 'submitted' && to !== 'reviewed';
}

export function statusMoveRefusal(
  from: ApplicationStatus,
  to: ApplicationStatus,
  note?: string | null,
): StatusMoveRefusal | null {
  const fromIndex = applicationStatuses.indexOf(from);
  const toIndex = applicationStatuses.indexOf(to);
  if (toIndex === fromIndex) return 'STATUS_UNCHANGED';
  if (toIndex > fromIndex + 1) return 'STATUS_MOVE_NOT_ALLOWED';
  if (toIndex < fromIndex && !note?.trim()) return 'STATUS_NOTE_REQUIRED';
  return null;
}

/** D3: moving backwards is allowed only to correct a mistake, and needs a note. */
export function isStepBack(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return applicationStatuses.indexOf(to) < applicationStatuses.indexOf(from);
}

/** The step after `status`, or null at the end of the way (accepted). */
export function nextStatus(status: ApplicationStatus): ApplicationStatus | null {
  return applicationStatuses.find((to) => statusMoveRefusal(status, to) === null) ?? null;
}

/** Earlier statuses a mistake may be corrected to (with a note), nearest first. */
export function earlierStatuses(status: ApplicationStatus): ApplicationStatus[] {
  return applicationStatuses
    .filter((to) => isStepBack(status, to) && statusMoveRefusal(status, to, 'why') === null)
    .reverse();
}

/** Referral and partnership requests: new until someone picks them up. */
export const contactRequestStatuses = ['new', 'contacted', 'closed'] as const;
export type ContactRequestStatus = (typeof contactRequestStatuses)[number];
export type ContactRequestType = 'referral' | 'partnership';
