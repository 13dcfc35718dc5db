import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { partnerInviteInput, type PartnerOrganisationView } from '../../../shared/schemas/partners';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useErrorText } from '../../lib/error-text';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { useInviteColleague } from './partner-api';
import { partnerWords } from './partner-words';

/** A partner invites a colleague into its organisation (D20). */
export function InviteColleague({ members }: { members: PartnerOrganisationView['members'] }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const invite = useInviteColleague();
  const [sentTo, setSentTo] = useState<string>();
  const form = useSchemaForm(partnerInviteInput, { email: '', name: '' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setSentTo(undefined);
    try {
      await invite.mutateAsync(input);
      setSentTo(input.email);
      form.reset();
    } catch (error) {
      showServerErrors(form.setError, error);
    }
  });
  return (
    <section
      aria-labelledby="team-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="team-title" className="text-xl font-semibold text-ink">
        <FormattedMessage {...partnerWords.inviteTitle} />
      </h2>
      <ul className="text-sm text-ink">
        {members.map((m) => (
          <li key={m.id} className="break-words">
            {m.name || m.email}
            {m.name && <span className="text-muted"> · {m.email}</span>}
            {!m.hasSignedUp && (
              <span className="text-muted"> ({intl.formatMessage(partnerWords.invited)})</span>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        <FormattedMessage {...partnerWords.inviteIntro} />
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <TextField
          label={intl.formatMessage(partnerWords.email)}
          type="email"
          autoComplete="off"
          error={errors.email ? errorText(errors.email) : undefined}
          {...form.register('email')}
        />
        <TextField
          label={intl.formatMessage(partnerWords.name)}
          error={errors.name ? errorText(errors.name) : undefined}
          {...form.register('name')}
        />
        <Button type="submit" disabled={invite.isPending}>
          <FormattedMessage {...partnerWords.send} />
        </Button>
      </form>
      <div aria-live="polite">
        {sentTo && (
          <Alert tone="success">
            <FormattedMessage
              id="partner.invite.sent"
              defaultMessage="Invitation sent to {email}."
              values={{ email: sentTo }}
            />
          </Alert>
        )}
        {invite.isError && !errors.email && !errors.name && (
          <Alert tone="error">{errorText(invite.error)}</Alert>
        )}
      </div>
    </section>
  );
}
