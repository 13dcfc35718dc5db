import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';
import type { ApplicantRequest } from '../../../shared/schemas/casework';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { useDocumentName } from '../../lib/document-names';
import { FileField } from '../../components/file-field';
import { answerWithFile, answerWithText } from './casework-api';
import { formatDueDayIn } from './format';

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
  const [file, setFile] = useState<File>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [isSending, setSending] = useState(false);
  const isDocument = request.kind === 'document' && request.documentKey !== null;
  const intl = useIntl();
  const fieldName = useDocumentName();
  const errorText = useErrorText();
  const document = fieldName(request.label, { inSentence: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isDocument && !file) {
      return setError(
        intl.formatMessage(
          { id: 'casework.requests.chooseFirst', defaultMessage: 'Choose your {document} first' },
          { document },
        ),
      );
    }
    if (!isDocument && !text.trim()) {
      return setError(
        intl.formatMessage({
          id: 'casework.requests.writeFirst',
          defaultMessage: 'Write your answer first',
        }),
      );
    }
    setError(undefined);
    setSending(true);
    try {
      onUpdated(
        isDocument
          ? await answerWithFile(applicationId, request.id, request.documentKey!, file!, token)
          : await answerWithText(applicationId, request.id, text, token),
      );
    } catch (e) {
      const fieldError = e instanceof ApiError ? Object.values(e.issues ?? {})[0] : undefined;
      const fallback = intl.formatMessage({
        id: 'casework.requests.sendFailed',
        defaultMessage: 'It could not be sent. Please try again.',
      });
      setError(errorText(fieldError ?? e, { otherwise: fallback }));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
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
        <FileField
          name={request.documentKey!}
          label={intl.formatMessage(
            { id: 'casework.requests.fileLabel', defaultMessage: 'Your {document}' },
            { document },
          )}
          file={file}
          error={error}
          disabled={isSending}
          onChange={setFile}
        />
      ) : (
        <TextAreaField
          label={intl.formatMessage({
            id: 'casework.requests.answerLabel',
            defaultMessage: 'Your answer',
          })}
          rows={3}
          value={text}
          error={error}
          disabled={isSending}
          onChange={(e) => setText(e.target.value)}
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
