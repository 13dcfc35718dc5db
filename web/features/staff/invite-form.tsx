import { useState } from 'react';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { inviteInput } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useTeamAction } from './staff-api';
import { ErrorText } from '../../components/error-text';

export function InviteForm() {
  const invite = useTeamAction();
  const empty = { email: '', name: '', role: 'consultant' } as const;
  const form = useSchemaForm(inviteInput, empty);
  const [sentTo, setSentTo] = useState<string>();
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) =>
    invite.mutate(
      { path: '/invitations', body: input },
      {
        onSuccess: () => {
          setSentTo(input.email);
          form.reset(empty);
        },
        onError: (error) => showServerErrors(form.setError, error),
      },
    ),
  );
  const field = (name: 'email' | 'name' | 'role') => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

  return (
    <section
      aria-labelledby="invite-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="invite-title" className="text-lg font-semibold text-ink">
        Invite a colleague
      </h2>
      <p className="text-sm text-muted">
        They get an e-mail with a link to set a password and sign in.
      </p>
      <form
        onSubmit={(event) => {
          setSentTo(undefined);
          void submit(event);
        }}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-end"
      >
        <TextField label="E-mail" type="email" autoComplete="off" {...field('email')} />
        <TextField label="Name (optional)" {...field('name')} />
        <SelectField label="Role" {...field('role')}>
          <option value="consultant">Consultant</option>
          <option value="catalogue_editor">Catalogue editor</option>
          <option value="admin">Admin</option>
        </SelectField>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      <div className="mt-3" aria-live="polite">
        {sentTo && <Alert tone="success">Invitation sent to {sentTo}.</Alert>}
        {invite.isError && !(invite.error instanceof ApiError && invite.error.issues) && (
          <Alert tone="error">
            <ErrorText error={invite.error} />
          </Alert>
        )}
      </div>
    </section>
  );
}
