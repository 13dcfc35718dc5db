import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { contactEmail } from '../../../shared/schemas/contact';
import type { DraftContent } from '../../../shared/schemas/draft';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useLocale } from '../../i18n/locale-context';
import { apiPost } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { serverIssues, useSchemaForm } from '../../lib/schema-form';
import { languageQueryParam } from '../../../shared/locales';

// its own name: the application form above has an `email` field too
const emailOnly = z.strictObject({ laterEmail: contactEmail });
const fieldParams = (error: object) =>
  (error as { params?: Record<string, string | number> }).params;

/**
 * Issue 25 §1: a signed-out student may go on later, on any device, from a link we e-mail them
 * (its secret in the fragment, decision 0032). What they typed goes with it; chosen files cannot.
 */
export function ContinueLater({ email, content }: { email: string; content: DraftContent }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const form = useSchemaForm(emailOnly, { laterEmail: email });
  const { register, formState, setError, getValues, setValue } = form;
  useEffect(() => {
    if (!form.getFieldState('laterEmail').isDirty && email !== getValues('laterEmail'))
      setValue('laterEmail', email);
  }, [email, form, getValues, setValue]);
  const send = useMutation({
    mutationFn: (to: string) =>
      apiPost(`/api/drafts/continue-later?${languageQueryParam}=${encodeURIComponent(locale)}`, {
        email: to,
        draft: content,
      }),
    onError: (error) => {
      const issue = serverIssues(error)?.email;
      if (issue) setError('laterEmail', { type: issue.code, params: issue.params } as never);
    },
  });
  const submit = form.handleSubmit((body) => send.mutate(body.laterEmail));
  const fieldError = formState.errors.laterEmail;
  const label = intl.formatMessage({
    id: 'application.draft.laterEmail',
    defaultMessage: 'Your e-mail address',
  });

  return (
    <section
      aria-labelledby="continue-later-heading"
      className="mt-8 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id="continue-later-heading" className="text-base font-semibold text-ink">
        <FormattedMessage
          id="application.draft.laterHeading"
          defaultMessage="Continue later, on any device"
        />
      </h2>
      <p className="text-sm text-muted">
        <FormattedMessage
          id="application.draft.laterNote"
          defaultMessage="What you typed is saved in this browser. We can also e-mail you a link to continue elsewhere; chosen files are not saved, you will choose them again."
        />
      </p>
      {send.isSuccess ? (
        <Alert
          tone="success"
          title={intl.formatMessage({
            id: 'application.draft.laterSent',
            defaultMessage: 'Link sent',
          })}
        >
          <FormattedMessage
            id="application.draft.laterSentTo"
            defaultMessage="We sent a link to {email}. It works for 30 days after its last use."
            values={{ email: <bdi>{send.variables}</bdi> }}
          />
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label={label}
            type="email"
            autoComplete="email"
            maxLength={254}
            className="sm:min-w-72"
            {...register('laterEmail')}
            error={
              errorText(fieldError && { code: fieldError.type, params: fieldParams(fieldError) }, {
                field: label,
              }) || undefined
            }
          />
          <Button type="submit" variant="secondary" disabled={send.isPending}>
            <FormattedMessage id="application.draft.laterSend" defaultMessage="E-mail me a link" />
          </Button>
        </form>
      )}
      {send.isError && !formState.errors.laterEmail && (
        <Alert
          tone="error"
          title={intl.formatMessage({
            id: 'application.draft.laterFailed',
            defaultMessage: 'The link was not sent',
          })}
        >
          {errorText(send.error)}
        </Alert>
      )}
    </section>
  );
}
