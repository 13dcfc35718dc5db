import type { MailText } from '../../i18n/mail/index.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';

/**
 * The invitation to a partner organisation's portal: one link that sets a password and signs the
 * person in; they then set up their second factor before the portal opens (D20). In `words`, the
 * language of the partnership request (its contact) or the account's own (a colleague).
 */
export function partnerInvitationMail(
  words: MailText,
  link: string,
  organisation: string,
  inviter: string,
  validDays: number,
) {
  const names = { organisation: userText(organisation), inviter: userText(inviter) };
  return renderMail(
    {
      subject: words.t('partner.invitation.subject', names),
      heading: words.t('partner.invitation.heading'),
      paragraphs: [words.t('partner.invitation.intro', names), words.t('partner.invitation.body')],
      action: { label: words.t('partner.invitation.action'), url: link },
      note: words.t('partner.invitation.note', { days: validDays }),
    },
    words,
  );
}
