import { applicationStatuses, type ApplicationStatus } from './application-status.ts';

export const staffRoles = ['consultant', 'catalogue_editor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === 'consultant' || role === 'catalogue_editor' || role === 'admin';
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

/** The step after `status`, or null at the end of the way (accepted). */
export function nextStatus(status: ApplicationStatus): ApplicationStatus | null {
  return applicationStatuses[applicationStatuses.indexOf(status) + 1] ?? null;
}

/** Earlier statuses a mistake may be corrected to, nearest first. */
export function earlierStatuses(status: ApplicationStatus): ApplicationStatus[] {
  return applicationStatuses.slice(0, applicationStatuses.indexOf(status)).reverse();
}

/** D3: moving backwards is allowed only to correct a mistake, and needs a note. */
export function isStepBack(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return applicationStatuses.indexOf(to) < applicationStatuses.indexOf(from);
}

/** Referral and partnership requests: new until someone picks them up. */
export const contactRequestStatuses = ['new', 'contacted', 'closed'] as const;
export type ContactRequestStatus = (typeof contactRequestStatuses)[number];
export type ContactRequestType = 'referral' | 'partnership';
