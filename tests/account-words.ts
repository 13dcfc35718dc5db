/**
 * Tests only: the English the account screens and answers showed before codes (D17), which the
 * server still sends for API clients and the English screens still show.
 */
export const authMessages = {
  credentialsRequired: 'You must provide either an email or phone number and a password',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon:
    'This password is on a list of common or leaked passwords, so it is easy to guess. Please choose another one.',
  staffPasswordTooShort: 'Staff passwords must be at least 12 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  registerFailed: 'Failed to create an account. Email may already be in use.',
  registered:
    'Your account has been created. We have sent a confirmation link to your email address: please open it (check your spam folder too) before you sign in.',
  notConfirmed:
    'Your email address has not been confirmed yet. Please check your inbox, and your spam or junk folder, for the confirmation email we sent you. If you cannot find it, register again with the same email address to get a new link, or use “Resend confirmation” below.',
  confirmationResent:
    'If this email address has an account waiting for confirmation, a new confirmation link is on its way. Please check your inbox and spam folder.',
  confirmLinkInvalid:
    'This confirmation link has expired or is not valid. Register again with the same email address, or use “Resend confirmation”, to get a new one.',
  emailConfirmed: 'Your email address is confirmed. You can now sign in.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  signInFailed: 'An error occurred while signing in. Please try again later.',
  resetEmailRequired: 'Please enter your email address to reset your password.',
  resetFailed: 'Failed to send password reset email. Please try again later.',
  resetSent:
    'Password reset instructions have been sent to your email address. Please check your inbox.',
  resetLinkInvalid:
    'This password reset link has expired or has already been used. Enter your email address to get a new one.',
  resetDone: 'Your password has been changed.',
  signInRequired: 'Please sign in to see this page.',
  // Two-step verification, sign-in codes and the account page (docs/decisions/0019).
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  backupCodeFormat: 'Enter one of your backup codes, for example abcde-12345.',
  emailCodeFormat: 'Enter the 6-digit code from the e-mail we sent you.',
  codeWrong: 'That code is not right. Check the code in your authenticator app and try again.',
  backupCodeWrong: 'That backup code is not right, or it has been used already.',
  codeTooManyTries: 'Too many wrong codes for this sign-in. Please sign in again.',
  factorLocked:
    'Too many wrong codes. Two-step verification is locked for 15 minutes: please try again later.',
  secondFactorExpired: 'Your sign-in took too long to finish. Please sign in again.',
  emailCodeWrong:
    'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  emailCodeTooManyTries: 'Too many wrong codes. Ask for a new code and try again.',
  emailCodeSent:
    'If this address has an account, a sign-in code and link are on their way. They work for 10 minutes. Check your spam folder too.',
  signInLinkInvalid:
    'This sign-in link has expired or has already been used. Ask for a new code on the sign-in page.',
  passwordWrong: 'That password is not right.',
  secondFactorRequired:
    'Staff accounts need two-step verification. Set it up on your account page, then open the staff console again.',
  reauthRequired:
    'For your safety, please confirm it is you (your password or a code) and try again.',
  reauthTooManyTries: 'Too many wrong tries. Please wait 15 minutes and try again.',
  reauthNoPasskey: 'This account has no passkey. Confirm it is you another way.',
  reauthPasskeyFailed: 'That passkey did not confirm it is you. Try again, or confirm another way.',
  reauthEmailCodeSent:
    'We have sent a 6-digit code to your e-mail address. It works for 10 minutes and only once.',
  reauthEmailCodeWrong:
    'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  reauthEmailCodeTooMany:
    'You have asked for several codes already. Please wait a while, then ask again.',
  twoFactorNotOn: 'Two-step verification is not on, so there are no backup codes to replace.',
  alreadyEnabled: 'Two-step verification is already on for this account.',
} as const;

/** "Too many attempts" with the wait in words, e.g. "about 2 minutes". */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `about ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** Tests only: the English of the identity codes (docs/decisions/0020). */
export const identityMessages = {
  providerUnknown: 'Choose one of the sign-in options shown on this page.',
  cancelled: 'You cancelled the sign-in at the provider, so you are not signed in.',
  expired: 'This sign-in has expired or was already used. Please start again.',
  notLinked:
    'An account with this email address already exists. Sign in with your password first, then link this provider from My account.',
  emailNotVerified:
    'Your email address is not confirmed yet. We have sent you a confirmation link: open it, then sign in again.',
  noEmail: 'The provider did not share your email address, so we cannot sign you in with it.',
  linkedElsewhere: 'That sign-in is already linked to another account on this portal.',
  differentEmail:
    'That sign-in uses a different email address from your account, so it cannot be linked.',
  failed:
    'Signing in with that provider did not work. Please try again, or sign in with your email and password.',
  lastWayToSignIn:
    'This is the only way you can sign in, so it cannot be removed. Add another way first.',
  linked: 'The sign-in is linked to your account.',
  notLinkedHere: 'This sign-in is not linked to your account.',
  passkeyNotFound: 'This passkey is not on your account.',
  passkeyNotVerified:
    'Your device did not check that it is you (a PIN, fingerprint or face). Turn that on for this passkey, or sign in another way.',
} as const;
