import { z } from 'zod';

/** One signed-in device on the account page's sessions list. */
export interface AccountSession {
  id: string;
  /** e.g. "Chrome on Windows" */
  browser: string;
  createdAt: string;
  lastActiveAt: string;
  thisDevice: boolean;
}

export const sessionIdInput = z.object({ id: z.uuid('This device is no longer signed in.') });

/** Changing the e-mail address: confirmed from the new address, the old one told. */
export const changeEmailInput = z.object({
  newEmail: z
    .string({ error: 'Please enter your new email address.' })
    .trim()
    .min(1, 'Please enter your new email address.')
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;
