import { renderMail } from '../lib/mailer/layout.ts';

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
