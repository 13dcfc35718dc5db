import { useState, type FormEvent } from 'react';
import { englishOf } from '../../lib/error-text';
import type { ApplicationStatus } from '../../../shared/application-status';
import { maxNoteLength } from '../../../shared/schemas/staff';
import { earlierStatuses, nextStatus, statusMoveRefusal } from '../../../shared/staff-workflow';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { statusLabel } from './format';
import { useChangeStatus } from './staff-api';
import { TextAreaField } from '../../components/field';

/**
 * The next step in one click (with an optional note), and, tucked away, a step back to correct a
 * mistake, which needs a note: the moves shared/staff-workflow allows, which the server enforces.
 */
export function StatusActions({ id, status }: { id: string; status: ApplicationStatus }) {
  const change = useChangeStatus(id);
  // D18: only the team's own step (reviewed) is moved by hand; applied, offered and accepted
  // follow from what is recorded on the universities' choices.
  const step = nextStatus(status);
  const next = step === 'reviewed' ? step : null;
  const earlier = earlierStatuses(status);
  const [note, setNote] = useState('');
  const [backTo, setBackTo] = useState<ApplicationStatus | ''>('');
  const [backNote, setBackNote] = useState('');
  const [backError, setBackError] = useState<string>();
  const [done, setDone] = useState<string>();

  const failure = change.error instanceof ApiError ? change.error : null;

  function forward(event: FormEvent) {
    event.preventDefault();
    if (!next) return;
    change.mutate(
      { from: status, to: next, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setNote('');
          setDone(`Moved to ${statusLabel(next).toLowerCase()}. The applicant has been e-mailed.`);
        },
      },
    );
  }

  function back(event: FormEvent) {
    event.preventDefault();
    if (!backTo) return setBackError('Choose the status to go back to');
    if (statusMoveRefusal(status, backTo, backNote) === 'STATUS_NOTE_REQUIRED')
      return setBackError('Say why the status goes back');
    setBackError(undefined);
    change.mutate(
      { from: status, to: backTo, note: backNote.trim() },
      {
        onSuccess: () => {
          setBackNote('');
          setBackTo('');
          setDone(
            `Moved back to ${statusLabel(backTo).toLowerCase()}. The applicant has been e-mailed.`,
          );
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="status-actions-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="status-actions-title" className="text-lg font-semibold text-ink">
        Change the status
      </h2>
      {done && !change.isPending && !failure && <Alert tone="success">{done}</Alert>}
      {failure && <Alert tone="error">{failure.message}</Alert>}
      {next ? (
        <form onSubmit={forward} className="space-y-3">
          <TextAreaField
            label="Note for the applicant (optional)"
            hint="Sent in the e-mail and shown in their status history."
            rows={2}
            maxLength={maxNoteLength}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" disabled={change.isPending} className="w-full">
            {change.isPending ? 'Saving…' : `Move to ${statusLabel(next)}`}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted">
          {status === 'accepted'
            ? 'Accepted is the last step.'
            : 'Applied, offered and accepted follow from what you record on each university below.'}
        </p>
      )}
      {earlier.length > 0 && (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-ink">
            Correct a mistake (move back)
          </summary>
          <form onSubmit={back} className="mt-3 space-y-3">
            <SelectField
              label="Move back to"
              value={backTo}
              onChange={(e) => setBackTo(e.target.value as ApplicationStatus | '')}
            >
              <option value="">Choose a status</option>
              {earlier.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label="Why (required)"
              hint="The applicant sees this note."
              rows={2}
              maxLength={maxNoteLength}
              value={backNote}
              error={backError ?? (failure?.issues?.note && englishOf(failure.issues).note)}
              onChange={(e) => setBackNote(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={change.isPending}>
              Move back
            </Button>
          </form>
        </details>
      )}
    </section>
  );
}
