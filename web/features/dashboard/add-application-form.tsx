import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccountText } from '../../lib/account-text';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/schema-form';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { addApplicationInput, type ApplicationView } from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError, apiPost } from '../../lib/api-client';
import { myApplicationsKey } from './use-my-applications';

const m = defineMessages({
  notFound: {
    id: 'dashboard.add.notFound',
    defaultMessage:
      'We found no application with this ID sent with your e-mail address. Check the ID in your confirmation e-mail, or open the tracking link in that e-mail while signed in.',
  },
});

/**
 * D2: an application sent before signing in joins the account only on proof. Here: its id, typed
 * while signed in with the confirmed address it was sent with.
 */
export function AddApplicationForm() {
  const intl = useIntl();
  const authText = useAccountText();
  const queryClient = useQueryClient();
  const form = useSchemaForm(addApplicationInput, { applicationId: '' });
  const add = useMutation({
    mutationFn: (input: z.output<typeof addApplicationInput>) =>
      apiPost<ApplicationView>('/api/me/applications/add', input),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: myApplicationsKey });
    },
  });
  const submit = form.handleSubmit((input) => add.mutate(input));
  const failure = add.error;

  const idLabel = intl.formatMessage({
    id: 'dashboard.add.idLabel',
    defaultMessage: 'Application ID',
  });
  // shown in the reader's language at render time, so a language switch changes it too
  const error = form.formState.errors.applicationId
    ? authText(form.formState.errors.applicationId, { field: idLabel })
    : failure instanceof ApiError && failure.code === 'APPLICATION_NOT_FOUND'
      ? intl.formatMessage(m.notFound)
      : failure
        ? authText((failure instanceof ApiError && failure.issues?.applicationId) || failure, {
            field: idLabel,
          })
        : undefined;

  return (
    <section
      aria-labelledby="add-application-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="add-application-title" className="text-lg font-semibold text-ink">
        <FormattedMessage
          id="dashboard.add.heading"
          defaultMessage="Sent an application before signing in?"
        />
      </h2>
      <p className="mt-1 text-sm text-muted">
        <FormattedMessage
          id="dashboard.add.text"
          defaultMessage="Enter its application ID to add it here. It must have been sent with the e-mail address you signed in with. Opening the tracking link from its e-mail while signed in adds it too."
        />
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          add.reset();
          void submit(event);
        }}
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <TextField
          label={idLabel}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          error={error}
          {...form.register('applicationId')}
        />
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? (
            <FormattedMessage id="dashboard.add.busy" defaultMessage="Adding…" />
          ) : (
            <FormattedMessage id="dashboard.add.submit" defaultMessage="Add application" />
          )}
        </Button>
      </form>
      <div className="mt-3" aria-live="polite">
        {!!add.isSuccess && (
          <Alert tone="success">
            <FormattedMessage
              id="dashboard.add.added"
              defaultMessage="The application is now on your dashboard."
            />
          </Alert>
        )}
      </div>
    </section>
  );
}
