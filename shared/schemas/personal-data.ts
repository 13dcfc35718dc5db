import { z } from 'zod';
import type { ApplicationStatus } from '../application-status.ts';
import { accountEmail, confirmedActionInput, passwordAgainInput } from './auth.ts';
import type { ApplicationOutcome } from './casework.ts';

/** How a person asked for their data to be erased: by deleting their account, or by e-mail to an admin. */
export const erasureChannels = ['account', 'email'] as const;
export type ErasureChannel = (typeof erasureChannels)[number];

export const maxKeptApplications = 200;
export const maxVerificationLength = 500;

/**
 * The applications the screen showed as kept (D16): the erasure goes ahead only if that is still
 * what would be kept, so nobody confirms one thing and gets another.
 */
const keptApplications = z
  .array(z.uuid('Not an application id'), { error: 'The kept applications are a list of ids' })
  .max(maxKeptApplications, `At most ${maxKeptApplications} applications`);

/** "Delete my account": the password again (or a recent re-authentication) and what the screen showed as kept. */
export const deleteAccountInput = confirmedActionInput.extend({ kept: keptApplications });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** An admin looks up what the portal holds for an address before acting on a request received by e-mail. */
export const dataRequestLookupInput = z.strictObject({ email: accountEmail });

/** An admin's export for a person who asked by e-mail: the address, how the admin checked the sender holds it, and the admin's password again. */
export const dataRequestInput = passwordAgainInput.extend({
  email: accountEmail,
  verification: z
    .string({ error: 'Say how you checked the request comes from this address' })
    .trim()
    .min(1, 'Say how you checked the request comes from this address')
    .max(maxVerificationLength, `At most ${maxVerificationLength} characters`),
});
export type DataRequestInput = z.infer<typeof dataRequestInput>;

/** The same for an erasure, with what the console showed as kept. */
export const dataErasureInput = dataRequestInput.extend({ kept: keptApplications });
export type DataErasureInput = z.infer<typeof dataErasureInput>;

/** One application a data request covers, and what an erasure would do to it. */
export interface ErasureApplication {
  id: string;
  programName: string;
  universityName: string;
  status: ApplicationStatus;
  outcome: ApplicationOutcome | null;
  submittedAt: string;
  /** Sent without signing in, with the same e-mail address (not in the account). */
  sentSignedOut: boolean;
  /** Active (past submitted and not closed), or already kept after an earlier request: kept for the contract and legal duties. */
  kept: boolean;
  /** When the case closed; null while it is open. */
  closedAt: string | null;
  /** For a kept case that has closed: the day its records are erased. Null while it is open. */
  erasedOn: string | null;
}

/** What an erasure would keep and delete, shown before anyone confirms it (D16). */
export interface ErasurePreview {
  hasAccount: boolean;
  /** Kept cases are erased this many months after they close. */
  retentionMonths: number;
  applications: ErasureApplication[];
}

/** The kept cases an erasure promised, in the order the preview listed them. */
export const keptIds = (preview: ErasurePreview): string[] =>
  preview.applications.filter((a) => a.kept).map((a) => a.id);
