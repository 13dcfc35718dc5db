import { describe, expect, it } from 'vitest';
import {
  choiceNeedingReply,
  headlineStatus,
  replyRefusal,
  type ChoiceFacts,
} from './application-choices.ts';

const choice = (id: string, facts: Partial<ChoiceFacts> = {}): ChoiceFacts => ({
  id,
  sentOn: '2026-02-01',
  decision: null,
  reply: null,
  replyDeadline: null,
  ...facts,
});

describe('headlineStatus (D18)', () => {
  it('follows the choices: applied once sent, offered once an offer, accepted once the firm offer is unconditional', () => {
    expect(headlineStatus('submitted', [choice('a', { sentOn: null })])).toBe('submitted');
    expect(headlineStatus('reviewed', [choice('a', { sentOn: null })])).toBe('reviewed');
    expect(headlineStatus('reviewed', [choice('a'), choice('b', { sentOn: null })])).toBe(
      'applied',
    );
    expect(headlineStatus('applied', [choice('a', { decision: 'unsuccessful' })])).toBe('applied');
    expect(headlineStatus('applied', [choice('a', { decision: 'conditional_offer' })])).toBe(
      'offered',
    );
    expect(
      headlineStatus('offered', [choice('a', { decision: 'conditional_offer', reply: 'firm' })]),
    ).toBe('offered');
    expect(
      headlineStatus('offered', [choice('a', { decision: 'unconditional_offer', reply: 'firm' })]),
    ).toBe('accepted');
    // a correction that removes every sent date goes back to the team's own step
    expect(headlineStatus('applied', [choice('a', { sentOn: null })])).toBe('reviewed');
  });
});

describe('replyRefusal: the reply rules of issue 24', () => {
  const today = '2026-06-10';
  it('answers only an offer not yet answered, until its deadline', () => {
    const choices = [
      choice('a'),
      choice('b', { decision: 'conditional_offer', replyDeadline: '2026-06-09' }),
      choice('c', { decision: 'unconditional_offer', reply: 'declined' }),
      choice('d', { decision: 'unconditional_offer', replyDeadline: today }),
    ];
    expect(replyRefusal(choices, 'a', 'firm', today)).toBe('CHOICE_NOT_AN_OFFER');
    expect(replyRefusal(choices, 'zzz', 'firm', today)).toBe('CHOICE_NOT_AN_OFFER');
    expect(replyRefusal(choices, 'b', 'firm', today)).toBe('REPLY_DEADLINE_PASSED');
    expect(replyRefusal(choices, 'b', 'declined', today)).toBe('REPLY_DEADLINE_PASSED');
    expect(replyRefusal(choices, 'c', 'firm', today)).toBe('CHOICE_ALREADY_ANSWERED');
    expect(replyRefusal(choices, 'd', 'firm', today)).toBeNull();
  });

  it('keeps one firm, and an insurance only below a conditional firm', () => {
    const a = choice('a', { decision: 'unconditional_offer' });
    const b = choice('b', { decision: 'conditional_offer' });
    const c = choice('c', { decision: 'conditional_offer' });
    expect(replyRefusal([a, b, c], 'b', 'insurance', today)).toBe(
      'INSURANCE_NEEDS_CONDITIONAL_FIRM',
    );
    const unconditionalFirm = [{ ...a, reply: 'firm' as const }, b, c];
    expect(replyRefusal(unconditionalFirm, 'b', 'firm', today)).toBe('FIRM_ALREADY_CHOSEN');
    expect(replyRefusal(unconditionalFirm, 'b', 'insurance', today)).toBe(
      'INSURANCE_NEEDS_CONDITIONAL_FIRM',
    );
    expect(replyRefusal(unconditionalFirm, 'b', 'declined', today)).toBeNull();
    const conditionalFirm = [a, { ...b, reply: 'firm' as const }, c];
    expect(replyRefusal(conditionalFirm, 'a', 'insurance', today)).toBeNull();
    const withInsurance = [{ ...a, reply: 'insurance' as const }, conditionalFirm[1]!, c];
    expect(replyRefusal(withInsurance, 'c', 'insurance', today)).toBe('INSURANCE_ALREADY_CHOSEN');
    expect(choiceNeedingReply(withInsurance, today)?.id).toBe('c');
    expect(
      choiceNeedingReply(
        withInsurance.map((x) => ({ ...x, reply: x.reply ?? 'declined' })),
        today,
      ),
    ).toBeNull();
  });
});
