import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import type { InternalNote } from '../../../shared/schemas/staff';
import { maxNoteLength, noteInput } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { formatDayTime } from './format';
import { useAddNote } from './staff-api';
import { TextAreaField } from '../../components/field';
import { ErrorText } from '../../components/error-text';

/** Notes for the team only: the applicant's pages and e-mails never show them. */
export function InternalNotes({
  applicationId,
  notes,
}: {
  applicationId: string;
  notes: InternalNote[];
}) {
  const add = useAddNote(applicationId);
  const form = useSchemaForm(noteInput, { body: '' });
  const submit = form.handleSubmit((input) =>
    add.mutate(input.body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) => showServerErrors(form.setError, error),
    }),
  );
  const fieldError = form.formState.errors.body;

  return (
    <section
      aria-labelledby="notes-title"
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <div>
        <h2 id="notes-title" className="text-lg font-semibold text-ink">
          Internal notes
        </h2>
        <p className="text-sm text-muted">Only staff see these.</p>
      </div>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-white p-3 text-sm shadow-sm">
              <p className="whitespace-pre-line text-ink">{n.body}</p>
              <p className="mt-1 text-xs text-muted">
                {n.by?.name ?? 'Former staff member'} · {formatDayTime(n.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {add.isError && !fieldError && (
        <Alert tone="error">
          <ErrorText error={add.error} />
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
        <TextAreaField
          label="Add a note"
          rows={3}
          maxLength={maxNoteLength}
          error={fieldError?.message}
          {...form.register('body')}
        />
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Add note'}
        </Button>
      </form>
    </section>
  );
}
