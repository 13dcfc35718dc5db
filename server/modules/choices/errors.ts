import type { ReplyRefusal } from '../../../shared/application-choices.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';

export const choiceNotFound = () => new NotFoundError('CHOICE_NOT_FOUND', 'Choice not found.');

export const choiceChangedMeanwhile = () =>
  new AppError(
    'CHOICE_CHANGED_MEANWHILE',
    409,
    'Someone else has just changed this choice. Check it again before changing it.',
  );

export const choiceNotSent = () =>
  new AppError('CHOICE_NOT_SENT', 409, 'Record when the application was sent first.');

export const choiceAlreadyDecided = () =>
  new AppError(
    'CHOICE_ALREADY_DECIDED',
    409,
    'This choice already has a decision: correct it first if it was recorded by mistake.',
  );

export const notConditional = () =>
  new AppError('CHOICE_NOT_CONDITIONAL', 409, 'Only a conditional offer has conditions to meet.');

export const nothingToCorrect = () =>
  new AppError('CHOICE_NOTHING_TO_CORRECT', 409, 'Nothing has been recorded on this choice yet.');

const replyMessages: Record<ReplyRefusal, string> = {
  CHOICE_NOT_AN_OFFER: 'Only an offer can be answered.',
  CHOICE_ALREADY_ANSWERED: 'You have already answered this offer. Write to the team to change it.',
  REPLY_DEADLINE_PASSED:
    'The deadline to reply to this offer has passed. Write to the team: they will ask the university.',
  FIRM_ALREADY_CHOSEN: 'You already have a firm choice. Only one offer can be firm.',
  INSURANCE_NEEDS_CONDITIONAL_FIRM:
    'An insurance choice is only for when your firm choice is a conditional offer.',
  INSURANCE_ALREADY_CHOSEN: 'You already have an insurance choice.',
};

export const replyRefused = (code: ReplyRefusal) => new AppError(code, 409, replyMessages[code]);
