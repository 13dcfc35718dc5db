import { useState, type FormEvent } from 'react';
import type { ApplicationDocument, ApplicationView } from '../../../shared/schemas/application';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DocumentStateBadge } from '../../components/document-state-badge';
import { ApiError } from '../../lib/api-client';
import { FileField, formatSize } from '../application/file-field';
import { downloadWithToken, uploadNewVersion } from './track-api';

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
  return (
    <Card>
      <h2 className="text-base font-semibold text-ink">Documents</h2>
      {application.documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No documents uploaded.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {application.documents.map((doc) => (
            <li key={doc.key} className="space-y-2 py-2" aria-label={doc.label}>
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="text-start font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  onClick={() => {
                    setDownloadError(null);
                    downloadWithToken(doc.url, token, doc.fileName).catch((e: Error) => setDownloadError(e.message));
                  }}
                >
                  {doc.label}
                </button>
                <DocumentStateBadge state={doc.state} />
                <span className="text-sm text-muted">{formatSize(doc.size)}</span>
              </div>
              {doc.state === 'rejected' && (
                <ResendDocument applicationId={application.id} document={doc} token={token} onUpdated={onUpdated} />
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
  token,
  onUpdated,
}: {
  applicationId: string;
  document: ApplicationDocument;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [isSending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError(`Choose the new ${doc.label.toLowerCase()} first`);
    setError(undefined);
    setSending(true);
    try {
      onUpdated(await uploadNewVersion(applicationId, doc.key, file, token));
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.[doc.key] ?? e.message) : 'The file could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-900">
        <span className="font-semibold">Not accepted: </span>
        {doc.rejectionReason}
      </p>
      <FileField
        name={doc.key}
        label={`New ${doc.label.toLowerCase()}`}
        file={file}
        error={error}
        disabled={isSending}
        onChange={setFile}
      />
      <Button type="submit" disabled={isSending}>
        {isSending ? 'Sending…' : `Send new ${doc.label.toLowerCase()}`}
      </Button>
    </form>
  );
}
