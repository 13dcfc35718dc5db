import { useEffect, useState } from 'react';
import type { ApplicationStatus } from '../../../shared/application-status';
import { maxNoteLength, statusChangeInput } from '../../../shared/schemas/staff';
import { earlierStatuses, nextStatus, statusMoveRefusal } from '../../../shared/staff-workflow';
import { Alert } from '../../components/alert';
import { ErrorText } from '../../components/error-text';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { statusLabel } from './format';
import { useChangeStatus } from './staff-api';
import { TextAreaField } from '../../components/field';

/** A step back: the route's schema, and the shared rule that a step back says why. */
const stepBackInput = statusChangeInput.superRefine((input, context) => {
  if (statusMoveRefusal(input.from, input.to, input.note) === 'STATUS_NOTE_REQUIRED')
    context.addIssue({ code: 'custom', path: ['note'], message: 'Say why the status goes back' });
});

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
  const [done, setDone] = useState<string>();
  const ahead = useSchemaForm(statusChangeInput, { from: status, to: next ?? status, note: '' });
  const behind = useSchemaForm(stepBackInput, { from: status, to: '' as never, note: '' });

  const failure = change.error instanceof ApiError ? change.error : null;
  // the status shown is the one a change starts from (a live refresh moves it on)
  const [aheadSet, behindSet] = [ahead.setValue, behind.setValue];
  useEffect(() => {
    aheadSet('from', status);
    aheadSet('to', next ?? status);
    behindSet('from', status);
  }, [aheadSet, behindSet, status, next]);

  const forward = ahead.handleSubmit((input) => {
    if (!next) return;
    change.mutate(
      { ...input, from: status, to: next },
      {
        onSuccess: () => {
          ahead.resetField('note');
          setDone(`Moved to ${statusLabel(next).toLowerCase()}. The applicant has been e-mailed.`);
        },
        onError: (error) => showServerErrors(ahead.setError, error),
      },
    );
  });

  const back = behind.handleSubmit((input) =>
    change.mutate(
      { ...input, from: status },
      {
        onSuccess: () => {
          behind.resetField('note');
          behind.resetField('to');
          setDone(
            `Moved back to ${statusLabel(input.to).toLowerCase()}. The applicant has been e-mailed.`,
          );
        },
        onError: (error) => showServerErrors(behind.setError, error),
      },
    ),
  );

  return (
    <section
      aria-labelledby="status-actions-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="status-actions-title" className="text-lg font-semibold text-ink">
        Change the status
      </h2>
      {done && !change.isPending && !failure && <Alert tone="success">{done}</Alert>}
      {failure && !failure.issues && (
        <Alert tone="error">
          <ErrorText error={failure} />
        </Alert>
      )}
      {next ? (
        <form noValidate onSubmit={(event) => void forward(event)} className="space-y-3">
          <TextAreaField
            label="Note for the applicant (optional)"
            hint="Sent in the e-mail and shown in their status history."
            rows={2}
            maxLength={maxNoteLength}
            error={ahead.formState.errors.note?.message}
            {...ahead.register('note')}
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
          <form noValidate onSubmit={(event) => void back(event)} className="mt-3 space-y-3">
            <SelectField
              label="Move back to"
              error={behind.formState.errors.to && 'Choose the status to go back to'}
              {...behind.register('to')}
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
              error={behind.formState.errors.note?.message}
              {...behind.register('note')}
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
