import { describe, expect, it } from 'vitest';
import { applicationStatuses } from './application-status.ts';
import { earlierStatuses, isStepBack, nextStatus, statusMoveRefusal } from './staff-workflow.ts';

describe('the status moves (one rule for the server and the staff console)', () => {
  it('allows the next step, with or without a note', () => {
    expect(statusMoveRefusal('submitted', 'reviewed')).toBeNull();
    expect(statusMoveRefusal('offered', 'accepted', 'Firm choice')).toBeNull();
  });

  it('refuses staying put and skipping a step', () => {
    expect(statusMoveRefusal('reviewed', 'reviewed', 'why')).toBe('STATUS_UNCHANGED');
    expect(statusMoveRefusal('submitted', 'applied')).toBe('STATUS_MOVE_NOT_ALLOWED');
    expect(statusMoveRefusal('submitted', 'accepted', 'why')).toBe('STATUS_MOVE_NOT_ALLOWED');
  });

  it('goes back any number of steps, only with a note that says something', () => {
    expect(statusMoveRefusal('offered', 'submitted', 'Wrong applicant')).toBeNull();
    for (const note of [undefined, null, '', '   \n'])
      expect(statusMoveRefusal('offered', 'reviewed', note)).toBe('STATUS_NOTE_REQUIRED');
  });

  it('lists exactly the moves the rule allows', () => {
    expect(nextStatus('submitted')).toBe('reviewed');
    expect(nextStatus('accepted')).toBeNull();
    expect(earlierStatuses('applied')).toEqual(['reviewed', 'submitted']);
    expect(earlierStatuses('submitted')).toEqual([]);
    for (const from of applicationStatuses) {
      for (const to of applicationStatuses) {
        const allowed = statusMoveRefusal(from, to, 'a note') === null;
        const listed = to === nextStatus(from) || earlierStatuses(from).includes(to);
        expect(listed, `${from} -> ${to}`).toBe(allowed);
        if (allowed) expect(isStepBack(from, to)).toBe(earlierStatuses(from).includes(to));
      }
    }
  });
});
