import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatError, type Failure } from './error-text';

/**
 * What the account screens say that is not an error (notices, and failures the browser finds
 * itself), shared by the sign-in, account and identity screens. Errors are codes: web/lib/error-text.ts.
 */
export const accountText = defineMessages({
  registered: {
    id: 'auth.message.registered',
    defaultMessage:
      'Your account has been created. We have sent a confirmation link to your email address: please open it (check your spam folder too) before you sign in.',
  },
  confirmationResent: {
    id: 'auth.message.confirmationResent',
    defaultMessage:
      'If this email address has an account waiting for confirmation, a new confirmation link is on its way. Please check your inbox and spam folder.',
  },
  emailConfirmed: {
    id: 'auth.message.emailConfirmed',
    defaultMessage: 'Your email address is confirmed. You can now sign in.',
  },
  signInFailed: {
    id: 'auth.message.signInFailed',
    defaultMessage: 'An error occurred while signing in. Please try again later.',
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
  resetDone: {
    id: 'auth.message.resetDone',
    defaultMessage: 'Your password has been changed.',
  },
  signInRequired: {
    id: 'auth.message.signInRequired',
    defaultMessage: 'Please sign in to see this page.',
  },
  emailCodeSent: {
    id: 'auth.message.emailCodeSent',
    defaultMessage:
      'If this address has an account, a sign-in code and link are on their way. They work for 10 minutes. Check your spam folder too.',
  },
  reauthEmailCodeSent: {
    id: 'auth.message.reauthEmailCodeSent',
    defaultMessage:
      'We have sent a 6-digit code to your e-mail address. It works for 10 minutes and only once.',
  },
  registerFailed: {
    id: 'auth.message.registerFailed',
    defaultMessage: 'Failed to create an account. Email may already be in use.',
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
  linked: {
    id: 'identity.message.linked',
    defaultMessage: 'The sign-in is linked to your account.',
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

/** What an account screen says: one of the messages above, or a failure (an error, a code). */
export type Said = MessageDescriptor | Failure;

const isDescriptor = (value: unknown): value is MessageDescriptor =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  !('status' in value) &&
  !('code' in value);

/** `say(what)`: a notice of accountText, or a failure through the error codes (useErrorText). */
export function useAccountText() {
  const intl = useIntl();
  return useCallback(
    (what: Said, options?: Parameters<typeof formatError>[2]): string | undefined =>
      what === null || what === undefined
        ? undefined
        : isDescriptor(what)
          ? intl.formatMessage(what)
          : formatError(intl, what, options) || undefined,
    [intl],
  );
}
