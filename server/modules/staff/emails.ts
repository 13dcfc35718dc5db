import { renderMail } from '../../lib/mailer/index.ts';
import type { StaffRole } from '../../../shared/staff-workflow.ts';

const roleWords: Record<StaffRole, string> = {
  consultant: 'a consultant',
  catalogue_editor: 'a catalogue editor',
  admin: 'an administrator',
};

/** The invitation: one link that sets a password and signs the new colleague in. */
export function invitationMail(link: string, role: StaffRole, inviter: string, validDays: number) {
  return renderMail({
    subject: 'You are invited to the UK Study Portal staff console',
    heading: 'Join the UK Study Portal team',
    paragraphs: [
      `${inviter} has invited you to work on UK Study Portal as ${roleWords[role]}.`,
      'Choose a password with the link below; you are then signed in and can open the staff console from the menu.',
    ],
    action: { label: 'Set my password and sign in', url: link },
    note: `This link works for ${validDays} days and only once. If you did not expect this invitation, you can ignore this message.`,
  });
}

/** The first administrator, made by `npm run admin:create`. */
export function adminSetPasswordMail(link: string, validDays: number) {
  return renderMail({
    subject: 'Set your password for the UK Study Portal staff console',
    heading: 'Your administrator account is ready',
    paragraphs: [
      'An administrator account on UK Study Portal has been created for this e-mail address.',
      'Choose a password with the link below; you are then signed in and can open the staff console from the menu.',
    ],
    action: { label: 'Set my password and sign in', url: link },
    note: `This link works for ${validDays} days and only once. If you did not expect this, tell whoever runs the portal.`,
  });
}
