import { renderMail } from '../../lib/mailer/index.ts';

/**
 * The invitation to a partner organisation's portal: one link that sets a password and signs the
 * person in; they then set up their second factor before the portal opens (D20). In English, as the
 * staff invitations are (the team writes to partners in English).
 */
export function partnerInvitationMail(
  link: string,
  organisation: string,
  inviter: string,
  validDays: number,
) {
  return renderMail({
    subject: `Your UK Study Portal partner account for ${organisation}`,
    heading: 'Welcome to the UK Study Portal partner portal',
    paragraphs: [
      `${inviter} has invited you to the partner portal of UK Study Portal for ${organisation}.`,
      'There you follow the students you refer or apply for, and your commission. Choose a password with the link below; you are then signed in and asked to set up two-step verification.',
    ],
    action: { label: 'Set my password and sign in', url: link },
    note: `This link works for ${validDays} days and only once. If you did not expect this invitation, you can ignore this message.`,
  });
}
