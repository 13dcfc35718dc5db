import type { ApplicationStatus } from './application-status.ts';

/*
 * D18: an application holds its choices (the chosen program's university first, then the other
 * picked universities), each sent, decided and, for an offer, answered on its own. The spec's five
 * statuses stay the headline, derived here from the choices; the server stores it on the
 * application (the queue reads it) and recomputes it on every choice change, the web shows it.
 */

export const choiceDecisions = [
  'conditional_offer',
  'unconditional_offer',
  'unsuccessful',
  'withdrawn',
] as const;
export type ChoiceDecision = (typeof choiceDecisions)[number];

export const choiceReplies = ['firm', 'insurance', 'declined'] as const;
export type ChoiceReply = (typeof choiceReplies)[number];

/** Where a choice stands, from its facts: the state the console and the track page show. */
export const choiceStates = ['not_sent', 'sent', ...choiceDecisions] as const;
export type ChoiceState = (typeof choiceStates)[number];

export const offerDecisions: readonly ChoiceDecision[] = [
  'conditional_offer',
  'unconditional_offer',
];
export const isOffer = (decision: ChoiceDecision | null | undefined): boolean =>
  decision === 'conditional_offer' || decision === 'unconditional_offer';

/** The facts of a choice the rules below read (a database row and the API view both have them). */
export interface ChoiceFacts {
  id: string;
  sentOn: string | null;
  decision: ChoiceDecision | null;
  reply: ChoiceReply | null;
  /** YYYY-MM-DD: the last day the student may reply to an offer; null when none is set. */
  replyDeadline: string | null;
}

export function choiceState(choice: Pick<ChoiceFacts, 'sentOn' | 'decision'>): ChoiceState {
  if (choice.decision) return choice.decision;
  return choice.sentOn ? 'sent' : 'not_sent';
}

/**
 * The headline (D18): accepted once the student's firm offer is unconditional, offered once there
 * is an offer, applied once a choice is sent; before that the team's own step (submitted or
 * reviewed), which `before` carries.
 */
export function headlineStatus(
  before: ApplicationStatus,
  choices: readonly Pick<ChoiceFacts, 'sentOn' | 'decision' | 'reply'>[],
): ApplicationStatus {
  if (choices.some((c) => c.reply === 'firm' && c.decision === 'unconditional_offer'))
    return 'accepted';
  if (choices.some((c) => isOffer(c.decision))) return 'offered';
  if (choices.some((c) => c.sentOn !== null || c.decision !== null)) return 'applied';
  return before === 'submitted' ? 'submitted' : 'reviewed';
}

/** Why the student's reply is refused (each its own code and message), or null when it stands. */
export type ReplyRefusal =
  | 'CHOICE_NOT_AN_OFFER'
  | 'CHOICE_ALREADY_ANSWERED'
  | 'REPLY_DEADLINE_PASSED'
  | 'FIRM_ALREADY_CHOSEN'
  | 'INSURANCE_NEEDS_CONDITIONAL_FIRM'
  | 'INSURANCE_ALREADY_CHOSEN';

/**
 * The reply rules (issue 24): only an offer not yet answered, until its deadline (`today` is
 * YYYY-MM-DD in UTC); one firm at a time; an insurance only below a conditional firm, and one.
 * Declining is always possible on an open offer, so a student may decline every offer.
 */
export function replyRefusal(
  choices: readonly ChoiceFacts[],
  choiceId: string,
  reply: ChoiceReply,
  today: string,
): ReplyRefusal | null {
  const choice = choices.find((c) => c.id === choiceId);
  if (!choice || !isOffer(choice.decision)) return 'CHOICE_NOT_AN_OFFER';
  if (choice.reply !== null) return 'CHOICE_ALREADY_ANSWERED';
  if (choice.replyDeadline !== null && today > choice.replyDeadline) return 'REPLY_DEADLINE_PASSED';
  if (reply === 'declined') return null;
  const others = choices.filter((c) => c.id !== choiceId);
  const firm = others.find((c) => c.reply === 'firm');
  if (reply === 'firm') return firm ? 'FIRM_ALREADY_CHOSEN' : null;
  if (!firm || firm.decision !== 'conditional_offer') return 'INSURANCE_NEEDS_CONDITIONAL_FIRM';
  if (others.some((c) => c.reply === 'insurance')) return 'INSURANCE_ALREADY_CHOSEN';
  return null;
}

/** The choice waiting for the student: an open offer, the earliest deadline first. */
export function choiceNeedingReply<T extends ChoiceFacts>(
  choices: readonly T[],
  today: string,
): T | null {
  const open = choices.filter(
    (c) =>
      isOffer(c.decision) &&
      c.reply === null &&
      (c.replyDeadline === null || c.replyDeadline >= today) &&
      replyRefusal(choices, c.id, 'declined', today) === null,
  );
  open.sort((a, b) => (a.replyDeadline ?? '9999').localeCompare(b.replyDeadline ?? '9999'));
  return open[0] ?? null;
}

export const maxChoiceReferenceLength = 100;
export const maxConditionLength = 500;
export const maxConditions = 20;
export const maxChoiceReasonLength = 1000;

/** The staff queue's choice filters (D18), stored on the application with every choice change. */
export const choiceQueueFilters = ['awaiting_decision', 'offer_awaiting_reply'] as const;
export type ChoiceQueueFilter = (typeof choiceQueueFilters)[number];

export function choiceQueueFlags(
  choices: readonly Pick<ChoiceFacts, 'sentOn' | 'decision' | 'reply'>[],
): { awaitingDecision: boolean; offerAwaitingReply: boolean } {
  return {
    awaitingDecision: choices.some((c) => c.sentOn !== null && c.decision === null),
    offerAwaitingReply: choices.some((c) => isOffer(c.decision) && c.reply === null),
  };
}
