import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { authMessages } from '../../../shared/auth-messages';
import { identityMessages } from '../../../shared/identity-messages';

/**
 * The account screens' messages that come as English words from the shared schemas (zod) and from
 * the server (`authMessages`, `identityMessages`): each has an id here, and `useAuthText()` shows
 * it in the reader's language. The words stay the server's and the schemas' (English, as the spec
 * quotes them); a message this list does not know is shown as it came. Decision 0025.
 */
export const authText = defineMessages({
  credentialsRequired: {
    id: 'auth.message.credentialsRequired',
    defaultMessage: 'You must provide either an email or phone number and a password',
  },
  emailInvalid: {
    id: 'auth.message.emailInvalid',
    defaultMessage: 'Please enter a valid email address.',
  },
  passwordTooShort: {
    id: 'auth.message.passwordTooShort',
    defaultMessage: 'Password must be at least 6 characters',
  },
  passwordTooLong: {
    id: 'auth.message.passwordTooLong',
    defaultMessage: 'Password must be at most 128 characters',
  },
  passwordTooCommon: {
    id: 'auth.message.passwordTooCommon',
    defaultMessage:
      'This password is on a list of common or leaked passwords, so it is easy to guess. Please choose another one.',
  },
  staffPasswordTooShort: {
    id: 'auth.message.staffPasswordTooShort',
    defaultMessage: 'Staff passwords must be at least 12 characters',
  },
  passwordsDoNotMatch: {
    id: 'auth.message.passwordsDoNotMatch',
    defaultMessage: 'Passwords do not match',
  },
  registerFailed: {
    id: 'auth.message.registerFailed',
    defaultMessage: 'Failed to create an account. Email may already be in use.',
  },
  registered: {
    id: 'auth.message.registered',
    defaultMessage:
      'Your account has been created. We have sent a confirmation link to your email address: please open it (check your spam folder too) before you sign in.',
  },
  notConfirmed: {
    id: 'auth.message.notConfirmed',
    defaultMessage:
      'Your email address has not been confirmed yet. Please check your inbox, and your spam or junk folder, for the confirmation email we sent you. If you cannot find it, register again with the same email address to get a new link, or use “Resend confirmation” below.',
  },
  confirmationResent: {
    id: 'auth.message.confirmationResent',
    defaultMessage:
      'If this email address has an account waiting for confirmation, a new confirmation link is on its way. Please check your inbox and spam folder.',
  },
  confirmLinkInvalid: {
    id: 'auth.message.confirmLinkInvalid',
    defaultMessage:
      'This confirmation link has expired or is not valid. Register again with the same email address, or use “Resend confirmation”, to get a new one.',
  },
  emailConfirmed: {
    id: 'auth.message.emailConfirmed',
    defaultMessage: 'Your email address is confirmed. You can now sign in.',
  },
  invalidCredentials: {
    id: 'auth.message.invalidCredentials',
    defaultMessage: 'Invalid email or password. Please check your credentials and try again.',
  },
  signInFailed: {
    id: 'auth.message.signInFailed',
    defaultMessage: 'An error occurred while signing in. Please try again later.',
  },
  resetEmailRequired: {
    id: 'auth.message.resetEmailRequired',
    defaultMessage: 'Please enter your email address to reset your password.',
  },
  resetFailed: {
    id: 'auth.message.resetFailed',
    defaultMessage: 'Failed to send password reset email. Please try again later.',
  },
  resetSent: {
    id: 'auth.message.resetSent',
    defaultMessage:
      'Password reset instructions have been sent to your email address. Please check your inbox.',
  },
  resetLinkInvalid: {
    id: 'auth.message.resetLinkInvalid',
    defaultMessage:
      'This password reset link has expired or has already been used. Enter your email address to get a new one.',
  },
  resetDone: { id: 'auth.message.resetDone', defaultMessage: 'Your password has been changed.' },
  signInRequired: {
    id: 'auth.message.signInRequired',
    defaultMessage: 'Please sign in to see this page.',
  },
  codeFormat: {
    id: 'auth.message.codeFormat',
    defaultMessage: 'Enter the 6-digit code from your authenticator app.',
  },
  backupCodeFormat: {
    id: 'auth.message.backupCodeFormat',
    defaultMessage: 'Enter one of your backup codes, for example abcde-12345.',
  },
  emailCodeFormat: {
    id: 'auth.message.emailCodeFormat',
    defaultMessage: 'Enter the 6-digit code from the e-mail we sent you.',
  },
  codeWrong: {
    id: 'auth.message.codeWrong',
    defaultMessage:
      'That code is not right. Check the code in your authenticator app and try again.',
  },
  backupCodeWrong: {
    id: 'auth.message.backupCodeWrong',
    defaultMessage: 'That backup code is not right, or it has been used already.',
  },
  codeTooManyTries: {
    id: 'auth.message.codeTooManyTries',
    defaultMessage: 'Too many wrong codes for this sign-in. Please sign in again.',
  },
  factorLocked: {
    id: 'auth.message.factorLocked',
    defaultMessage:
      'Too many wrong codes. Two-step verification is locked for 15 minutes: please try again later.',
  },
  secondFactorExpired: {
    id: 'auth.message.secondFactorExpired',
    defaultMessage: 'Your sign-in took too long to finish. Please sign in again.',
  },
  emailCodeWrong: {
    id: 'auth.message.emailCodeWrong',
    defaultMessage:
      'That code is not right, or it has expired or been used. Ask for a new code and try again.',
  },
  emailCodeTooManyTries: {
    id: 'auth.message.emailCodeTooManyTries',
    defaultMessage: 'Too many wrong codes. Ask for a new code and try again.',
  },
  emailCodeSent: {
    id: 'auth.message.emailCodeSent',
    defaultMessage:
      'If this address has an account, a sign-in code and link are on their way. They work for 10 minutes. Check your spam folder too.',
  },
  signInLinkInvalid: {
    id: 'auth.message.signInLinkInvalid',
    defaultMessage:
      'This sign-in link has expired or has already been used. Ask for a new code on the sign-in page.',
  },
  passwordWrong: {
    id: 'auth.message.passwordWrong',
    defaultMessage: 'That password is not right.',
  },
  secondFactorRequired: {
    id: 'auth.message.secondFactorRequired',
    defaultMessage:
      'Staff accounts need two-step verification. Set it up on your account page, then open the staff console again.',
  },
  reauthRequired: {
    id: 'auth.message.reauthRequired',
    defaultMessage:
      'For your safety, please confirm it is you (your password or a code) and try again.',
  },
  reauthTooManyTries: {
    id: 'auth.message.reauthTooManyTries',
    defaultMessage: 'Too many wrong tries. Please wait 15 minutes and try again.',
  },
  reauthNoPasskey: {
    id: 'auth.message.reauthNoPasskey',
    defaultMessage: 'This account has no passkey. Confirm it is you another way.',
  },
  reauthPasskeyFailed: {
    id: 'auth.message.reauthPasskeyFailed',
    defaultMessage: 'That passkey did not confirm it is you. Try again, or confirm another way.',
  },
  reauthEmailCodeSent: {
    id: 'auth.message.reauthEmailCodeSent',
    defaultMessage:
      'We have sent a 6-digit code to your e-mail address. It works for 10 minutes and only once.',
  },
  reauthEmailCodeTooMany: {
    id: 'auth.message.reauthEmailCodeTooMany',
    defaultMessage:
      'You have asked for several codes already. Please wait a while, then ask again.',
  },
  twoFactorNotOn: {
    id: 'auth.message.twoFactorNotOn',
    defaultMessage: 'Two-step verification is not on, so there are no backup codes to replace.',
  },
  alreadyEnabled: {
    id: 'auth.message.alreadyEnabled',
    defaultMessage: 'Two-step verification is already on for this account.',
  },
  rateLimitedSeconds: {
    id: 'auth.message.rateLimitedSeconds',
    defaultMessage:
      'Too many attempts. Please wait {count, plural, one {# second} other {# seconds}} and try again.',
  },
  rateLimitedMinutes: {
    id: 'auth.message.rateLimitedMinutes',
    defaultMessage:
      'Too many attempts. Please wait about {count, plural, one {# minute} other {# minutes}} and try again.',
  },
  somethingWrong: {
    id: 'auth.message.somethingWrong',
    defaultMessage: 'Something went wrong. Please try again later.',
  },
  serverFailed: {
    id: 'auth.message.serverFailed',
    defaultMessage: 'Something went wrong on our side. Please try again later.',
  },
  signInToContinue: {
    id: 'auth.message.signInToContinue',
    defaultMessage: 'Please sign in to continue.',
  },
  resendFailed: {
    id: 'auth.message.resendFailed',
    defaultMessage: 'We could not send a new confirmation link. Please try again later.',
  },
  wrongCurrentPassword: {
    id: 'auth.message.wrongCurrentPassword',
    defaultMessage: 'This is not your current password.',
  },
  newEmailRequired: {
    id: 'account.message.newEmailRequired',
    defaultMessage: 'Please enter your new email address.',
  },
  passwordRequired: {
    id: 'account.message.passwordRequired',
    defaultMessage: 'Please enter your password.',
  },
});

export const identityText = defineMessages({
  providerUnknown: {
    id: 'identity.message.providerUnknown',
    defaultMessage: 'Choose one of the sign-in options shown on this page.',
  },
  cancelled: {
    id: 'identity.message.cancelled',
    defaultMessage: 'You cancelled the sign-in at the provider, so you are not signed in.',
  },
  expired: {
    id: 'identity.message.expired',
    defaultMessage: 'This sign-in has expired or was already used. Please start again.',
  },
  notLinked: {
    id: 'identity.message.notLinked',
    defaultMessage:
      'An account with this email address already exists. Sign in with your password first, then link this provider from My account.',
  },
  emailNotVerified: {
    id: 'identity.message.emailNotVerified',
    defaultMessage:
      'Your email address is not confirmed yet. We have sent you a confirmation link: open it, then sign in again.',
  },
  noEmail: {
    id: 'identity.message.noEmail',
    defaultMessage:
      'The provider did not share your email address, so we cannot sign you in with it.',
  },
  linkedElsewhere: {
    id: 'identity.message.linkedElsewhere',
    defaultMessage: 'That sign-in is already linked to another account on this portal.',
  },
  differentEmail: {
    id: 'identity.message.differentEmail',
    defaultMessage:
      'That sign-in uses a different email address from your account, so it cannot be linked.',
  },
  failed: {
    id: 'identity.message.failed',
    defaultMessage:
      'Signing in with that provider did not work. Please try again, or sign in with your email and password.',
  },
  lastWayToSignIn: {
    id: 'identity.message.lastWayToSignIn',
    defaultMessage:
      'This is the only way you can sign in, so it cannot be removed. Add another way first.',
  },
  linked: {
    id: 'identity.message.linked',
    defaultMessage: 'The sign-in is linked to your account.',
  },
  notLinkedHere: {
    id: 'identity.message.notLinkedHere',
    defaultMessage: 'This sign-in is not linked to your account.',
  },
  passkeyNotFound: {
    id: 'identity.message.passkeyNotFound',
    defaultMessage: 'This passkey is not on your account.',
  },
  passkeyNotVerified: {
    id: 'identity.message.passkeyNotVerified',
    defaultMessage:
      'Your device did not check that it is you (a PIN, fingerprint or face). Turn that on for this passkey, or sign in another way.',
  },
  passkeyUnknown: {
    id: 'identity.message.passkeyUnknown',
    defaultMessage:
      'This passkey is not known here. Sign in with your password, then add a passkey from My account.',
  },
  passkeySignInFailed: {
    id: 'identity.message.passkeySignInFailed',
    defaultMessage: 'Signing in with a passkey did not work. Please try again later.',
  },
  passkeyCancelled: {
    id: 'identity.message.passkeyCancelled',
    defaultMessage: 'The passkey request was cancelled.',
  },
  passkeyTimedOut: {
    id: 'identity.message.passkeyTimedOut',
    defaultMessage: 'The passkey request was cancelled or timed out.',
  },
  passkeyAlreadyHere: {
    id: 'identity.message.passkeyAlreadyHere',
    defaultMessage: 'This device already holds a passkey for your account.',
  },
});

/** Extra words of the server that are not in the shared message lists. */
const serverWords: Record<string, MessageDescriptor> = {
  'Something went wrong. Please try again later.': authText.somethingWrong,
  'Something went wrong on our side. Please try again later.': authText.serverFailed,
  'Please sign in to continue.': authText.signInToContinue,
  'This is not your current password.': authText.wrongCurrentPassword,
  'Please enter your new email address.': authText.newEmailRequired,
  'Please enter your password.': authText.passwordRequired,
  'This passkey is not known here. Sign in with your password, then add a passkey from My account.':
    identityText.passkeyUnknown,
  'Signing in with a passkey did not work. Please try again later.':
    identityText.passkeySignInFailed,
  'We could not send a new confirmation link. Please try again later.': authText.resendFailed,
  'The passkey request was cancelled.': identityText.passkeyCancelled,
  'The passkey request was cancelled or timed out.': identityText.passkeyTimedOut,
  'This device already holds a passkey for your account.': identityText.passkeyAlreadyHere,
};

/** English words → their message, for every shared message with a descriptor of the same name. */
const byWords = new Map<string, MessageDescriptor>([
  ...Object.entries(authMessages).flatMap(([key, words]) => {
    const descriptor = (authText as Record<string, MessageDescriptor>)[key];
    return descriptor ? [[words, descriptor] as const] : [];
  }),
  ...Object.entries(identityMessages).flatMap(([key, words]) => {
    const descriptor = (identityText as Record<string, MessageDescriptor>)[key];
    return descriptor ? [[words, descriptor] as const] : [];
  }),
  ...Object.entries(serverWords),
]);

const waitSeconds = /^Too many attempts\. Please wait (\d+) seconds? and try again\.$/;
const waitMinutes = /^Too many attempts\. Please wait about (\d+) minutes? and try again\.$/;

/** Shown in the reader's language: a known English message from a schema or the server, else as it came. */
export function useAuthText() {
  const intl = useIntl();
  return useCallback(
    (words: string | null | undefined): string | undefined => {
      if (!words) return undefined;
      const known = byWords.get(words);
      if (known) return intl.formatMessage(known);
      const seconds = waitSeconds.exec(words);
      if (seconds)
        return intl.formatMessage(authText.rateLimitedSeconds as MessageDescriptor, {
          count: Number(seconds[1]),
        });
      const minutes = waitMinutes.exec(words);
      if (minutes)
        return intl.formatMessage(authText.rateLimitedMinutes as MessageDescriptor, {
          count: Number(minutes[1]),
        });
      return words;
    },
    [intl],
  );
}

/** The English words a key of the shared lists has here (for the test that keeps both in step). */
export const knownWords = byWords;
