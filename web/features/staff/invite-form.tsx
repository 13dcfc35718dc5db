import { useState, type FormEvent } from 'react';
import { englishOf } from '../../lib/error-text';
import { inviteInput } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useTeamAction } from './staff-api';
import { ErrorText } from '../../components/error-text';

export function InviteForm() {
  const invite = useTeamAction();
  const [values, setValues] = useState({ email: '', name: '', role: 'consultant' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSentTo(undefined);
    const checked = inviteInput.safeParse(values);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
      );
      return;
    }
    setErrors({});
    invite.mutate(
      { path: '/invitations', body: checked.data },
      {
        onSuccess: () => {
          setSentTo(checked.data.email);
          setValues({ email: '', name: '', role: 'consultant' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues) setErrors(englishOf(error.issues));
        },
      },
    );
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
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
        onSubmit={submit}
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
