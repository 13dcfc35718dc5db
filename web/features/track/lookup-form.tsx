import { FormattedMessage, useIntl } from 'react-intl';
import { trackLookupInput } from '../../../shared/schemas/application';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { useErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';

/** D4: a student can come back later with the application id and the e-mail it was sent with. */
export function LookupForm({
  initial,
  onLookup,
}: {
  initial?: { applicationId: string; email: string };
  onLookup: (lookup: { applicationId: string; email: string }) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useSchemaForm(trackLookupInput, {
    applicationId: initial?.applicationId ?? '',
    email: initial?.email ?? '',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(onLookup);
  const label = {
    applicationId: intl.formatMessage({
      id: 'track.lookup.applicationId',
      defaultMessage: 'Application ID',
    }),
    email: intl.formatMessage({ id: 'track.lookup.email', defaultMessage: 'Email' }),
  };

  return (
    <Card className="mx-auto max-w-xl">
      <h2 className="text-lg font-semibold text-ink">
        <FormattedMessage id="track.lookup.heading" defaultMessage="Track your application" />
      </h2>
      <p className="mt-1 text-sm text-muted">
        <FormattedMessage
          id="track.lookup.intro"
          defaultMessage="Enter the application ID from your confirmation and the e-mail address you applied with."
        />
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={label.applicationId}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          error={errorText(errors.applicationId, { field: label.applicationId }) || undefined}
          {...form.register('applicationId')}
        />
        <TextField
          label={label.email}
          dir="ltr"
          type="email"
          autoComplete="email"
          error={errorText(errors.email, { field: label.email }) || undefined}
          {...form.register('email')}
        />
        <Button type="submit">
          <FormattedMessage id="track.lookup.submit" defaultMessage="Track application" />
        </Button>
      </form>
    </Card>
  );
}
