import type { AfterOffer } from '../../../shared/schemas/casework.ts';
import { mailText, type MailMessageId } from '../../i18n/mail/index.ts';
import { renderMail, type MailMessage } from '../../lib/mailer/index.ts';
import { dear, idLine, type Applicant } from '../applications/emails.ts';

/*
 * Issue 24: the milestones after an offer that the team records (CAS issued, the deposit, ATAS,
 * the TB test, the visa applied for and decided, the arrival) e-mail the student, in the
 * application's language. A step the student records themself sends nothing: they know.
 */

const milestoneKeys = [
  'casIssuedOn',
  'casNumber',
  'depositPaidOn',
  'atasObtainedOn',
  'tbTestOn',
  'visaAppliedOn',
  'visaDecision',
  'arrivalDate',
] as const satisfies readonly (keyof AfterOffer)[];
type Milestone = (typeof milestoneKeys)[number];

/** The milestones newly set (or changed) by this update. */
export function newMilestones(before: AfterOffer, after: AfterOffer): Milestone[] {
  const changed = milestoneKeys.filter(
    (k) => after[k] !== undefined && after[k] !== null && after[k] !== before[k],
  );
  // a CAS number and its day are one milestone
  return changed.includes('casIssuedOn') ? changed.filter((k) => k !== 'casNumber') : changed;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function line(milestone: Milestone, v: AfterOffer): [MailMessageId, Record<string, Date>] {
  switch (milestone) {
    case 'casIssuedOn':
    case 'casNumber':
      return v.casIssuedOn
        ? ['afterOffer.step.casIssued', { date: day(v.casIssuedOn) }]
        : ['afterOffer.step.casNumber', {}];
    case 'visaDecision':
      return v.visaDecision === 'granted'
        ? ['afterOffer.step.visaGranted', {}]
        : ['afterOffer.step.visaRefused', {}];
    default:
      return [`afterOffer.step.${milestone}`, { date: day(v[milestone]!) }];
  }
}

function subjectOf(milestones: Milestone[], v: AfterOffer): MailMessageId {
  if (milestones.includes('visaDecision'))
    return v.visaDecision === 'granted'
      ? 'afterOffer.visaGranted.subject'
      : 'afterOffer.visaRefused.subject';
  if (milestones.includes('casIssuedOn') || milestones.includes('casNumber'))
    return 'afterOffer.cas.subject';
  return 'afterOffer.update.subject';
}

export function afterOfferMail(
  a: Applicant,
  milestones: Milestone[],
  values: AfterOffer,
  link: string,
): MailMessage {
  const words = mailText(a.language);
  const subject = words.t(subjectOf(milestones, values));
  return {
    to: a.email,
    ...renderMail(
      {
        subject,
        heading: subject,
        paragraphs: [
          dear(words, a),
          words.t('afterOffer.intro'),
          ...milestones.map((m) => `• ${words.t(...line(m, values))}`),
          words.t('afterOffer.next'),
          idLine(words, a),
        ],
        action: { label: words.t('common.trackAction'), url: link },
      },
      words,
    ),
  };
}
