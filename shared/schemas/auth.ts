import { z } from 'zod';
import { authMessages } from '../auth-messages.ts';

export const minPasswordLength = 6;
export const maxPasswordLength = 128;
const maxEmailLength = 254;
const maxTokenLength = 512;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** An e-mail address; a missing one gets the spec's generic auth message. */
export const accountEmail = z
  .string({ error: (issue) => (isMissing(issue.input) ? authMessages.credentialsRequired : authMessages.emailInvalid) })
  .trim()
  .min(1, authMessages.credentialsRequired)
  .max(maxEmailLength, authMessages.emailInvalid)
  .pipe(z.email(authMessages.emailInvalid));

/** A new password: 6 to 128 characters. */
export const newPassword = z
  .string({ error: authMessages.credentialsRequired })
  .min(1, authMessages.credentialsRequired)
  .min(minPasswordLength, authMessages.passwordTooShort)
  .max(maxPasswordLength, authMessages.passwordTooLong);

const currentPassword = z
  .string({ error: authMessages.credentialsRequired })
  .min(1, authMessages.credentialsRequired)
  .max(maxPasswordLength, authMessages.invalidCredentials);

const confirmation = z.string({ error: authMessages.passwordsDoNotMatch });

function passwordsMatch<T extends { confirmPassword: string }>(key: 'password' | 'newPassword') {
  return (value: T & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value[key] !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });
    }
  };
}

export const signUpInput = z
  .object({ email: accountEmail, password: newPassword, confirmPassword: confirmation })
  .superRefine(passwordsMatch('password'));
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: accountEmail,
  password: currentPassword,
  /** Unticked: the session cookie lives only as long as the browser. */
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).default(false),
});
export type SignInInput = z.infer<typeof signInInput>;

/** "Forgot your password?" and "Resend confirmation": only the address. */
export const emailOnlyInput = z.object({
  email: z
    .string({ error: authMessages.resetEmailRequired })
    .trim()
    .min(1, authMessages.resetEmailRequired)
    .max(maxEmailLength, authMessages.emailInvalid)
    .pipe(z.email(authMessages.emailInvalid)),
});
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const resetPasswordInput = z
  .object({
    token: z.string({ error: authMessages.resetLinkInvalid }).min(1, authMessages.resetLinkInvalid).max(maxTokenLength, authMessages.resetLinkInvalid),
    newPassword,
    confirmPassword: confirmation,
  })
  .superRefine(passwordsMatch('newPassword'));
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const resetTokenInput = z.object({
  token: z.string().min(1).max(maxTokenLength),
});

/** Changing the password while signed in: the current one again, then the new one twice. */
export const changePasswordInput = z
  .object({ currentPassword, newPassword, confirmPassword: confirmation })
  .superRefine(passwordsMatch('newPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** "Download my data" and "Delete my account" ask for the password again. */
export const passwordAgainInput = z.object({ password: currentPassword });
export type PasswordAgainInput = z.infer<typeof passwordAgainInput>;
