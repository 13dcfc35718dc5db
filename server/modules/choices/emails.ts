import type { ChoiceDecision } from '../../../shared/application-choices.ts';
import { mailText, type MailText } from '../../i18n/mail/index.ts';
import { renderMail, userText, type MailMessage } from '../../lib/mailer/index.ts';
import { dear, idLine, type Applicant } from '../applications/emails.ts';
import type { ChoiceRow } from './repository.ts';

/*
 * D18's e-mails: each names the university and the program of the choice, in the application's
 * language, and says what to do next. The team's e-mail about a reply stays in English (0025).
 */

const program = (words: MailText, choice: ChoiceRow) =>
  choice.programName ?? words.t('choice.anyProgram');

const names = (words: MailText, choice: ChoiceRow) => ({
  university: choice.universityName,
  program: program(words, choice),
});

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function decisionParagraphs(words: MailText, choice: ChoiceRow): string[] {
  const n = names(words, choice);
  const decision = choice.decision as ChoiceDecision;
  const lines = [words.t(`choice.${decision}.body`, n)];
  if (decision === 'conditional_offer') {
    lines.push(words.t('choice.conditions'), ...choice.conditions.map((c) => `• ${userText(c)}`));
  }
  if (decision === 'conditional_offer' || decision === 'unconditional_offer') {
    lines.push(
      choice.replyDeadline
        ? words.t('choice.replyBy', { deadline: day(choice.replyDeadline) })
        : words.t('choice.replyNow'),
    );
  }
  if (choice.reason) lines.push(words.t('choice.reason', { reason: userText(choice.reason) }));
  return lines;
}

export function choiceDecisionMail(a: Applicant, choice: ChoiceRow, link: string): MailMessage {
  const words = mailText(a.language);
  const decision = choice.decision as ChoiceDecision;
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t(`choice.${decision}.subject`, names(words, choice)),
        heading: words.t(`choice.${decision}.subject`, names(words, choice)),
        paragraphs: [dear(words, a), ...decisionParagraphs(words, choice), idLine(words, a)],
        action: { label: words.t('common.trackAction'), url: link },
      },
      words,
    ),
  };
}

export function conditionsMetMail(a: Applicant, choice: ChoiceRow, link: string): MailMessage {
  const words = mailText(a.language);
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t('choice.conditionsMet.subject', names(words, choice)),
        heading: words.t('choice.conditionsMet.subject', names(words, choice)),
        paragraphs: [
          dear(words, a),
          words.t('choice.conditionsMet.body', names(words, choice)),
          idLine(words, a),
        ],
        action: { label: words.t('common.trackAction'), url: link },
      },
      words,
    ),
  };
}

/** 7 and 2 days before an offer's reply deadline. */
export function replyReminderMail(
  a: Applicant,
  choice: ChoiceRow,
  days: number,
  link: string,
): MailMessage {
  const words = mailText(a.language);
  const values = { ...names(words, choice), days, deadline: day(choice.replyDeadline!) };
  return {
    to: a.email,
    ...renderMail(
      {
        subject: words.t('choice.reminder.subject', values),
        heading: words.t('choice.reminder.subject', values),
        paragraphs: [dear(words, a), words.t('choice.reminder.body', values), idLine(words, a)],
        action: { label: words.t('common.trackAction'), url: link },
      },
      words,
    ),
  };
}

const replyWords = { firm: 'as their firm choice', insurance: 'as their insurance', declined: '' };

export function choiceReplyToTeamMail(
  to: string,
  applicationId: string,
  choice: ChoiceRow,
  consoleUrl: string,
): MailMessage {
  const what =
    choice.reply === 'declined'
      ? `declined the offer from ${choice.universityName}`
      : `accepted the offer from ${choice.universityName} ${replyWords[choice.reply!]}`;
  return {
    to,
    ...renderMail({
      subject: `Reply to an offer: ${choice.universityName}`,
      heading: `The student ${what}`,
      paragraphs: [
        `On application ${applicationId}, the student ${what}${choice.programName ? ` (${choice.programName})` : ''}.`,
      ],
      action: { label: 'Open it in the staff console', url: consoleUrl },
    }),
  };
}
