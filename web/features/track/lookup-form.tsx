import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFieldErrorText } from '../application/field-error-text';
import { trackLookupInput } from '../../../shared/schemas/application';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';

/** D4: a student can come back later with the application id and the e-mail it was sent with. */
export function LookupForm({
  initial,
  onLookup,
}: {
  initial?: { applicationId: string; email: string };
  onLookup: (lookup: { applicationId: string; email: string }) => void;
}) {
  const [applicationId, setApplicationId] = useState(initial?.applicationId ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const intl = useIntl();
  const errorText = useFieldErrorText();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = trackLookupInput.safeParse({ applicationId, email });
    if (!result.success) {
      const found: Record<string, string> = {};
      for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      const form = event.currentTarget as HTMLFormElement;
      form
        .querySelector<HTMLInputElement>(
          `[name="${found.applicationId ? 'applicationId' : 'email'}"]`,
        )
        ?.focus();
      return;
    }
    setErrors({});
    onLookup(result.data);
  }

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
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label={intl.formatMessage({
            id: 'track.lookup.applicationId',
            defaultMessage: 'Application ID',
          })}
          name="applicationId"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={applicationId}
          error={errorText(errors.applicationId)}
          onChange={(e) => setApplicationId(e.target.value)}
        />
        <TextField
          label={intl.formatMessage({ id: 'track.lookup.email', defaultMessage: 'Email' })}
          name="email"
          dir="ltr"
          type="email"
          autoComplete="email"
          value={email}
          error={errorText(errors.email)}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit">
          <FormattedMessage id="track.lookup.submit" defaultMessage="Track application" />
        </Button>
      </form>
    </Card>
  );
}
