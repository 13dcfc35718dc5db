/** Words for sign-in with another provider, passkeys and linked identities (docs/decisions/0020). */
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

/** The message for an OAuth callback error code, as the server hands it to /login or /account. */
export function providerErrorMessage(code: string): string {
  switch (code) {
    case 'access_denied':
    case 'consent_required':
    case 'login_required':
    case 'interaction_required':
      return identityMessages.cancelled;
    case 'state_mismatch':
    case 'state_not_found':
    case 'please_restart_the_process':
    case 'invalid_callback_request':
    case 'no_code':
    case 'invalid_code':
    case 'nonce_binding_missing':
      return identityMessages.expired;
    case 'account_not_linked':
    case 'unable_to_link_account':
      return identityMessages.notLinked;
    case 'email_not_verified':
      return identityMessages.emailNotVerified;
    case 'email_not_found':
      return identityMessages.noEmail;
    case 'account_already_linked_to_different_user':
      return identityMessages.linkedElsewhere;
    case 'email_does_not_match':
    case "email_doesn't_match":
      return identityMessages.differentEmail;
    default:
      return identityMessages.failed;
  }
}
