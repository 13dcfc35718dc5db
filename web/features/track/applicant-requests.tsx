import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import type { ApplicationView } from '../../../shared/schemas/application';
import { requestAnswerInput, type ApplicantRequest } from '../../../shared/schemas/casework';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { chosenFileInput, firstIssue, useSchemaForm } from '../../lib/schema-form';
import { useErrorText } from '../../lib/error-text';
import { useDocumentName } from '../../lib/document-names';
import { FileField } from '../../components/file-field';
import { answerWithFile, answerWithText } from '../../lib/casework-api';
import { formatDueDayIn } from '../../lib/casework-format';

type AnswerValues = { text?: string; file?: File };

/** The team's open requests, each answered here: the document asked for, or a written answer. */
export function ApplicantRequests({
  application,
  token,
  onUpdated,
}: {
  application: ApplicationView;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const open = application.casework.requests.filter((r) => r.open);
  const fieldName = useDocumentName();
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="requests-title"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="requests-title" className="text-lg font-semibold text-amber-950">
        <FormattedMessage
          id="casework.requests.heading"
          defaultMessage="What our team needs from you"
        />
      </h2>
      <ul className="space-y-3">
        {open.map((r) => (
          <li
            key={r.id}
            className="rounded-lg bg-white p-3 shadow-sm"
            aria-label={fieldName(r.label)}
          >
            <RequestAnswer
              applicationId={application.id}
              request={r}
              token={token}
              onUpdated={onUpdated}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestAnswer({
  applicationId,
  request,
  token,
  onUpdated,
}: {
  applicationId: string;
  request: ApplicantRequest;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const isDocument = request.kind === 'document' && request.documentKey !== null;
  const intl = useIntl();
  const fieldName = useDocumentName();
  const errorText = useErrorText();
  const document = fieldName(request.label, { inSentence: true });
  // the file asked for, or the written answer the route checks with requestAnswerInput
  const form = useSchemaForm<z.ZodType<AnswerValues, AnswerValues>>(
    isDocument ? chosenFileInput : requestAnswerInput,
    { text: '' },
  );
  const send = useMutation({
    mutationFn: ({ file, text }: AnswerValues) =>
      isDocument
        ? answerWithFile(applicationId, request.id, request.documentKey!, file!, token)
        : answerWithText(applicationId, request.id, text!, token),
    onSuccess: onUpdated,
  });
  const isSending = send.isPending;
  const { errors } = form.formState;
  const error = errors.file
    ? intl.formatMessage(
        { id: 'casework.requests.chooseFirst', defaultMessage: 'Choose your {document} first' },
        { document },
      )
    : errors.text?.type === 'too_small'
      ? intl.formatMessage({
          id: 'casework.requests.writeFirst',
          defaultMessage: 'Write your answer first',
        })
      : errors.text
        ? errorText(errors.text)
        : send.error
          ? errorText(firstIssue(send.error) ?? send.error, {
              otherwise: intl.formatMessage({
                id: 'casework.requests.sendFailed',
                defaultMessage: 'It could not be sent. Please try again.',
              }),
            })
          : undefined;
  const submit = form.handleSubmit((answer) => send.mutate(answer));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        send.reset();
        void submit(e);
      }}
      className="space-y-2"
    >
      <p className="font-semibold text-ink">
        <FormattedMessage
          id="casework.requests.due"
          defaultMessage="{what} · due {date}"
          values={{
            what: fieldName(isDocument ? request.label : 'Information'),
            date: formatDueDayIn(intl, request.dueOn),
          }}
        />
      </p>
      <p className="whitespace-pre-line text-sm text-ink">{request.message}</p>
      {isDocument ? (
        <Controller
          control={form.control}
          name="file"
          render={({ field }) => (
            <FileField
              name={request.documentKey!}
              label={intl.formatMessage(
                { id: 'casework.requests.fileLabel', defaultMessage: 'Your {document}' },
                { document },
              )}
              file={field.value}
              error={error}
              disabled={isSending}
              onChange={field.onChange}
            />
          )}
        />
      ) : (
        <TextAreaField
          label={intl.formatMessage({
            id: 'casework.requests.answerLabel',
            defaultMessage: 'Your answer',
          })}
          rows={3}
          error={error}
          disabled={isSending}
          {...form.register('text')}
        />
      )}
      <Button type="submit" disabled={isSending}>
        {isSending ? (
          <FormattedMessage id="casework.requests.sending" defaultMessage="Sending…" />
        ) : isDocument ? (
          <FormattedMessage
            id="casework.requests.sendDocument"
            defaultMessage="Send {document}"
            values={{ document }}
          />
        ) : (
          <FormattedMessage id="casework.requests.sendAnswer" defaultMessage="Send answer" />
        )}
      </Button>
    </form>
  );
}
