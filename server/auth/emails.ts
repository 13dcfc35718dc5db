import { renderMail, userText } from '../lib/mailer/layout.ts';

/** Every account e-mail: the portal's name, what happened, the one link, how long it works. */

export function confirmationMail(link: string) {
  return renderMail({
    subject: 'Confirm your e-mail address for UK Study Portal',
    heading: 'Confirm your e-mail address',
    paragraphs: [
      'Thank you for creating an account on UK Study Portal.',
      'Please confirm that this is your e-mail address so you can sign in and follow your applications.',
    ],
    action: { label: 'Confirm my e-mail address', url: link },
    note: 'This link works for 24 hours. If you did not create an account, do not open the link: someone may have typed your address by mistake or on purpose. Without your confirmation nobody can sign in with this address, and applications you send stay out of any account until you add them yourself.',
  });
}

export function alreadyRegisteredMail(loginLink: string) {
  return renderMail({
    subject: 'You already have a UK Study Portal account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone, probably you, tried to create a UK Study Portal account with this e-mail address, but it already has one.',
      'You can sign in with it. If you have forgotten your password, choose “Forgot your password?” on the sign-in page.',
    ],
    action: { label: 'Sign in', url: loginLink },
    note: 'If this was not you, you can ignore this message: nothing has changed.',
  });
}

export function passwordResetMail(link: string) {
  return renderMail({
    subject: 'Reset your UK Study Portal password',
    heading: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your UK Study Portal account.',
      'Choose a new password with the link below.',
    ],
    action: { label: 'Choose a new password', url: link },
    note: 'This link works for 1 hour and only once. If you did not ask for it, you can ignore this message: your password stays the same.',
  });
}

export function signInCodeMail(code: string, link: string) {
  return renderMail({
    subject: 'Your UK Study Portal sign-in code',
    heading: 'Your sign-in code',
    paragraphs: [
      'Someone, probably you, asked to sign in to UK Study Portal with this e-mail address.',
      `Type this code on the sign-in page: ${code}`,
      'Or open the link below on this device to sign in without typing anything.',
    ],
    action: { label: 'Sign in to UK Study Portal', url: link },
    note: 'The code and the link work for 10 minutes and only once. If you did not ask for them, you can ignore this message: nobody can sign in without them.',
  });
}

export function emailChangeConfirmationMail(link: string) {
  return renderMail({
    subject: 'Confirm your new e-mail address for UK Study Portal',
    heading: 'Confirm your new e-mail address',
    paragraphs: ['You asked to use this address for your UK Study Portal account.', 'Open the link below to confirm it.'],
    action: { label: 'Confirm my new address', url: link },
    note: 'This link works for 24 hours. Until you open it, your account keeps its old address. If you did not ask for this, ignore this message.',
  });
}

export function emailChangedNoticeMail(newEmail: string, loginLink: string) {
  return renderMail({
    subject: 'Your UK Study Portal e-mail address is changing',
    heading: 'Your e-mail address is changing',
    paragraphs: [
      `Someone signed in to your UK Study Portal account asked to use ${userText(newEmail)} instead of this address. It changes once the new address is confirmed.`,
      'If this was you, there is nothing to do. If not, sign in, change your password and sign out of your other devices.',
    ],
    action: { label: 'Sign in', url: loginLink },
    note: 'We send this to the old address so that you hear of any change to your account.',
  });
}

export function reauthCodeMail(code: string) {
  return renderMail({
    subject: 'Your UK Study Portal security code',
    heading: 'Confirm it is you',
    paragraphs: [
      'Someone signed in to your UK Study Portal account, probably you, asked to confirm it is them before a sensitive change (for example downloading your data or deleting the account).',
      `Type this code in the “Confirm it is you” window: ${code}`,
    ],
    note: 'The code works for 10 minutes and only once. If you did not ask for it, someone may be using your account: sign in, sign out of your other devices and change how you sign in.',
  });
}
