import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { ApplicationDocument, ApplicationView } from '../../../shared/schemas/application';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DocumentStateBadge } from '../../components/document-state-badge';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { chosenFileInput, useSchemaForm } from '../../lib/schema-form';
import { useDocumentName } from '../../lib/document-names';
import { FileField, formatSize } from '../../components/file-field';
import { downloadWithToken, uploadNewVersion } from './track-api';

const m = defineMessages({
  downloadFailed: {
    id: 'track.documents.downloadFailed',
    defaultMessage: 'The file could not be downloaded. Please try again.',
  },
  sendFailed: {
    id: 'track.documents.sendFailed',
    defaultMessage: 'The file could not be sent. Please try again.',
  },
});

/**
 * A document's name, with which of its slot's files it is when the slot holds several (issue 25
 * §3): "Transcripts (file 2 of 2)". `inSentence` as useDocumentName.
 */
export function useDocumentPartName(application: ApplicationView) {
  const intl = useIntl();
  const fieldName = useDocumentName();
  return (doc: ApplicationDocument, options?: { inSentence?: boolean }) => {
    const document = fieldName(doc.label, options);
    const count = application.documents.filter((d) => d.key === doc.key).length;
    return count > 1
      ? intl.formatMessage(
          {
            id: 'track.documents.partOf',
            defaultMessage: '{document} (file {part} of {count})',
          },
          { document, part: doc.part, count },
        )
      : document;
  };
}

/**
 * The documents with what staff decided on each; a rejected one can be sent again here, with the
 * tracking token as a bearer (the same checks as the application form, made by the server).
 */
export function TrackDocuments({
  application,
  token,
  onUpdated,
}: {
  application: ApplicationView;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const intl = useIntl();
  const partName = useDocumentPartName(application);
  const errorText = useErrorText();
  return (
    <Card>
      <h2 className="text-base font-semibold text-ink">
        <FormattedMessage id="track.documents.heading" defaultMessage="Documents" />
      </h2>
      {application.documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          <FormattedMessage id="track.documents.none" defaultMessage="No documents uploaded." />
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {application.documents.map((doc) => (
            <li
              key={`${doc.key}/${doc.part}`}
              className="space-y-2 py-2"
              aria-label={partName(doc)}
            >
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="text-start font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  onClick={() => {
                    setDownloadError(null);
                    downloadWithToken(doc.url, token, doc.fileName).catch((e: Error) =>
                      setDownloadError(
                        errorText(e, { otherwise: intl.formatMessage(m.downloadFailed) }),
                      ),
                    );
                  }}
                >
                  {partName(doc)}
                </button>
                <DocumentStateBadge state={doc.state} />
                <span className="min-w-0 text-sm break-all text-muted">
                  <bdi>{doc.fileName}</bdi> · {formatSize(doc.size, intl.locale)}
                </span>
              </div>
              {doc.state === 'rejected' && (
                <ResendDocument
                  applicationId={application.id}
                  document={doc}
                  name={partName(doc, { inSentence: true })}
                  token={token}
                  onUpdated={onUpdated}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {downloadError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {downloadError}
        </p>
      )}
    </Card>
  );
}

function ResendDocument({
  applicationId,
  document: doc,
  name: document,
  token,
  onUpdated,
}: {
  applicationId: string;
  document: ApplicationDocument;
  /** Its name in a sentence, with which file of the slot it is. */
  name: string;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useSchemaForm(chosenFileInput, {});
  const resend = useMutation({
    mutationFn: ({ file }: { file: File }) =>
      uploadNewVersion(applicationId, doc.key, doc.part, file, token),
    onSuccess: onUpdated,
  });
  const isSending = resend.isPending;
  const error = form.formState.errors.file
    ? intl.formatMessage(
        { id: 'track.documents.chooseFirst', defaultMessage: 'Choose the new {document} first' },
        { document },
      )
    : resend.error
      ? errorText(
          (resend.error instanceof ApiError ? resend.error.issues?.[doc.key] : undefined) ??
            resend.error,
          { otherwise: intl.formatMessage(m.sendFailed) },
        )
      : undefined;
  const send = form.handleSubmit((input) => resend.mutate(input));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        resend.reset();
        void send(e);
      }}
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p className="text-sm text-red-900">
        <FormattedMessage
          id="track.documents.notAccepted"
          defaultMessage="<b>Not accepted:</b> {reason}"
          values={{
            reason: doc.rejectionReason,
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
          }}
        />
      </p>
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <FileField
            name={doc.key}
            label={intl.formatMessage(
              { id: 'track.documents.newLabel', defaultMessage: 'New {document}' },
              { document },
            )}
            file={field.value}
            error={error}
            disabled={isSending}
            onChange={field.onChange}
          />
        )}
      />
      <Button type="submit" disabled={isSending}>
        {isSending ? (
          <FormattedMessage id="track.documents.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage
            id="track.documents.send"
            defaultMessage="Send new {document}"
            values={{ document }}
          />
        )}
      </Button>
    </form>
  );
}
