import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { addApplicationInput, type ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError, apiPost } from '../../lib/api-client';
import { myApplicationsKey } from './use-my-applications';

const notFoundMessage =
  'We found no application with this ID sent with your e-mail address. Check the ID in your confirmation e-mail, or open the tracking link in that e-mail while signed in.';

/**
 * D2: an application sent before signing in joins the account only on proof. Here: its id, typed
 * while signed in with the confirmed address it was sent with.
 */
export function AddApplicationForm() {
  const queryClient = useQueryClient();
  const [applicationId, setApplicationId] = useState('');
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: (input: { applicationId: string }) => apiPost<ApplicationView>('/api/me/applications/add', input),
    onSuccess: async () => {
      setApplicationId('');
      await queryClient.invalidateQueries({ queryKey: myApplicationsKey });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'APPLICATION_NOT_FOUND') setError(notFoundMessage);
      else if (failure instanceof ApiError && failure.fields?.applicationId) setError(failure.fields.applicationId);
      else setError(failure.message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.reset();
    const checked = addApplicationInput.safeParse({ applicationId });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(checked.data);
  }

  return (
    <section aria-labelledby="add-application-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="add-application-title" className="text-lg font-semibold text-ink">
        Sent an application before signing in?
      </h2>
      <p className="mt-1 text-sm text-muted">
        Enter its application ID to add it here. It must have been sent with the e-mail address you signed in with.
        Opening the tracking link from its e-mail while signed in adds it too.
      </p>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Application ID"
          name="applicationId"
          autoComplete="off"
          spellCheck={false}
          value={applicationId}
          error={error}
          onChange={(e) => setApplicationId(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add application'}
        </Button>
      </form>
      <div className="mt-3" aria-live="polite">
        {add.isSuccess && <Alert tone="success">The application is now on your dashboard.</Alert>}
      </div>
    </section>
  );
}
