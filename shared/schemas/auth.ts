import { z } from 'zod';
import { webAuthnResponse } from './identity.ts';

export const minPasswordLength = 6;
export const maxPasswordLength = 128;
const maxEmailLength = 254;
const maxTokenLength = 512;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** An e-mail address; a missing one gets the spec's generic auth message. */
export const accountEmail = z
  .string({
    error: (issue) => (isMissing(issue.input) ? 'CREDENTIALS_REQUIRED' : 'EMAIL_INVALID'),
  })
  .trim()
  .min(1, 'CREDENTIALS_REQUIRED')
  .max(maxEmailLength, 'EMAIL_INVALID')
  .pipe(z.email('EMAIL_INVALID'));

/** A new password: 6 to 128 characters. */
export const newPassword = z
  .string({ error: 'CREDENTIALS_REQUIRED' })
  .min(1, 'CREDENTIALS_REQUIRED')
  .min(minPasswordLength, 'PASSWORD_TOO_SHORT')
  .max(maxPasswordLength, 'PASSWORD_TOO_LONG');

const currentPassword = z
  .string({ error: 'CREDENTIALS_REQUIRED' })
  .min(1, 'CREDENTIALS_REQUIRED')
  .max(maxPasswordLength, 'INVALID_EMAIL_OR_PASSWORD');

const confirmation = z.string({ error: 'PASSWORDS_DO_NOT_MATCH' });

function passwordsMatch<T extends { confirmPassword: string }>(key: 'password' | 'newPassword') {
  return (value: T & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value[key] !== value.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'PASSWORDS_DO_NOT_MATCH',
      });
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
    .string({ error: 'RESET_EMAIL_REQUIRED' })
    .trim()
    .min(1, 'RESET_EMAIL_REQUIRED')
    .max(maxEmailLength, 'EMAIL_INVALID')
    .pipe(z.email('EMAIL_INVALID')),
});
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const resetPasswordInput = z
  .object({
    token: z
      .string({ error: 'RESET_LINK_INVALID' })
      .min(1, 'RESET_LINK_INVALID')
      .max(maxTokenLength, 'RESET_LINK_INVALID'),
    newPassword,
    confirmPassword: confirmation,
  })
  .superRefine(passwordsMatch('newPassword'));
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const resetTokenInput = z.object({
  token: z.string().min(1).max(maxTokenLength),
});

/** A confirmation link's token, posted by /confirm-email from the link's fragment (decision 0032). */
export const confirmLinkInput = z.object({
  token: z
    .string({ error: 'CONFIRM_LINK_INVALID' })
    .min(1, 'CONFIRM_LINK_INVALID')
    .max(maxTokenLength, 'CONFIRM_LINK_INVALID'),
});

/** Changing the password while signed in: the current one again, then the new one twice. */
export const changePasswordInput = z
  .object({ currentPassword, newPassword, confirmPassword: confirmation })
  .superRefine(passwordsMatch('newPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/**
 * Setting up the authenticator app: the password, or none for an account without one (after a
 * recent re-authentication, checked by the route).
 */
export const enableTwoFactorInput = z.object({
  password: z
    .string()
    .min(1, 'CREDENTIALS_REQUIRED')
    .max(maxPasswordLength, 'INVALID_EMAIL_OR_PASSWORD')
    .optional(),
});

/** "Download my data" and "Delete my account" ask for the password again. */
export const passwordAgainInput = z.object({ password: currentPassword });
export type PasswordAgainInput = z.infer<typeof passwordAgainInput>;

/** A 6-digit code (authenticator app or e-mail); spaces people type are dropped. */
const sixDigits = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, message));

const trustDevice = z.boolean({ error: 'Trust this device must be true or false' }).default(false);

/** The code from the authenticator app, at sign-in ("Trust this device for 30 days") or at set-up. */
export const totpCodeInput = z.object({ code: sixDigits('CODE_FORMAT'), trustDevice });
export type TotpCodeInput = z.infer<typeof totpCodeInput>;

/** One of the ten backup codes (shown as abcde-12345; the dash is optional when typed). */
export const backupCodeInput = z.object({
  code: z
    .string({ error: 'BACKUP_CODE_FORMAT' })
    .trim()
    .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'BACKUP_CODE_FORMAT')
    .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
  trustDevice,
});
export type BackupCodeInput = z.infer<typeof backupCodeInput>;

/** "Email me a sign-in code", then the code from that e-mail. */
export const emailCodeInput = z.object({
  email: accountEmail,
  code: sixDigits('EMAIL_CODE_FORMAT'),
});
export type EmailCodeInput = z.infer<typeof emailCodeInput>;

/** The token of an e-mailed sign-in link, which the link page posts (it never sits in a URL query). */
export const signInLinkInput = z.object({
  token: z
    .string({ error: 'SIGN_IN_LINK_INVALID' })
    .min(1, 'SIGN_IN_LINK_INVALID')
    .max(maxTokenLength, 'SIGN_IN_LINK_INVALID'),
});

const reauthPassword = z.string().max(maxPasswordLength, 'INVALID_PASSWORD');
const reauthCode = z.string().max(20, 'CODE_FORMAT');
/** The 6-digit code e-mailed by POST /api/me/reauth/email-code (accounts without a password or factor too). */
const reauthEmailCode = z.string().max(20, 'EMAIL_CODE_FORMAT');

/**
 * Re-authentication: the password, or a code from the authenticator app, or a backup code, or a
 * code e-mailed to the account's address, or a passkey's answer to the challenge from GET /api/me/reauth/passkey-options (decision 0023).
 */
export const reauthInput = z
  .object({
    password: reauthPassword.optional(),
    code: reauthCode.optional(),
    passkey: webAuthnResponse.optional(),
    emailCode: reauthEmailCode.optional(),
  })
  .refine((value) => Boolean(value.password || value.code || value.passkey || value.emailCode), {
    message: 'REAUTH_REQUIRED',
    path: ['password'],
  });

const typed = (value: string) => value.trim() !== '';
type ReauthWay = 'password' | 'code' | 'emailCode';
type ReauthFields = Partial<Record<ReauthWay, string>>;

/**
 * The re-authentication dialog asks one way at a time: each is a `reauthInput` with the chosen
 * field typed (an empty one gets that way's own message).
 */
export const reauthWays: Record<ReauthWay, z.ZodType<ReauthFields, ReauthFields>> = {
  password: z.object({ password: reauthPassword.refine(typed, 'CREDENTIALS_REQUIRED') }),
  code: z.object({ code: reauthCode.refine(typed, 'CODE_FORMAT') }),
  emailCode: z.object({
    emailCode: reauthEmailCode.refine(typed, 'EMAIL_CODE_FORMAT'),
  }),
};

/**
 * Download my data, delete my account: the password in the same request, or none after a recent
 * re-authentication (a code or a passkey: accounts without a password, decision 0023).
 */
export const confirmedActionInput = z.object({
  password: z
    .string()
    .min(1, 'CREDENTIALS_REQUIRED')
    .max(maxPasswordLength, 'INVALID_EMAIL_OR_PASSWORD')
    .optional(),
});
export type ReauthInput = z.infer<typeof reauthInput>;
