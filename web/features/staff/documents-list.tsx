import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import {
  documentReviewInput,
  maxRejectionReasonLength,
  type StaffDocument,
  type StoredDocumentReview,
} from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DocumentStateBadge } from '../../components/document-state-badge';
import { TextAreaField } from '../../components/field';
import { formatBytes, formatDayTime } from './format';
import { useReviewDocument } from './staff-api';

const linkClasses =
  'rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50';

/** "Transcripts", or "Transcripts (file 2 of 2)" when the slot holds several files (issue 25 §3). */
function partName(d: StaffDocument, documents: StaffDocument[]): string {
  const count = documents.filter((other) => other.key === d.key).length;
  return count > 1 ? `${d.label} (file ${d.part} of ${count})` : d.label;
}

/** Opening or downloading goes through the documents routes, which record staff downloads in the audit log. */
export function DocumentsList({
  applicationId,
  documents,
}: {
  applicationId: string;
  documents: StaffDocument[];
}) {
  return (
    <section
      aria-labelledby="documents-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="documents-title" className="text-lg font-semibold text-ink">
        Documents
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No documents were uploaded.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {documents.map((d) => (
            <DocumentItem
              key={`${d.key}/${d.part}`}
              applicationId={applicationId}
              document={d}
              name={partName(d, documents)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({
  applicationId,
  document: d,
  name,
}: {
  applicationId: string;
  document: StaffDocument;
  /** Its name, with which file of the slot it is. */
  name: string;
}) {
  const review = useReviewDocument(applicationId);
  const errorText = useErrorText();
  const [isRejecting, setRejecting] = useState(false);
  const rejection = useSchemaForm(documentReviewInput, {
    version: d.version,
    reviewVersion: d.reviewVersion,
    state: 'rejected',
    reason: '',
  });
  const older = d.versions.slice(1);
  const current = d.versions[0];
  // what the reviewer sees now (a live refresh moves it on)
  const seen = { version: d.version, reviewVersion: d.reviewVersion };
  const meanwhile =
    review.error instanceof ApiError && review.error.code === 'DOCUMENT_REVIEWED_MEANWHILE'
      ? (review.error.current as StoredDocumentReview | undefined)
      : undefined;

  // a rejection is decided on the review shown when the form opened: a colleague's meanwhile is a 409
  const openRejection = () => {
    rejection.reset({ ...seen, state: 'rejected', reason: '' });
    setRejecting(true);
  };
  const reject = rejection.handleSubmit((input) =>
    review.mutate(
      { key: d.key, part: d.part, input },
      {
        onSuccess: () => {
          setRejecting(false);
          rejection.reset({ ...seen, state: 'rejected', reason: '' });
        },
      },
    ),
  );

  return (
    <li className="space-y-2 py-3" aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
            {name} <DocumentStateBadge state={d.state} />
            {d.version > 1 && (
              <span className="text-xs font-normal text-muted">version {d.version}</span>
            )}
          </p>
          <p className="text-xs text-muted">
            {d.originalName} · {formatBytes(d.size)}
            {current && <> · sent {formatDayTime(current.uploadedAt)}</>}
            {current?.reviewedBy && (
              <>
                {' '}
                · {current.state} by {current.reviewedBy.name}
              </>
            )}
          </p>
          {d.state === 'rejected' && d.rejectionReason && (
            <p className="mt-1 text-sm text-red-800">Reason: {d.rejectionReason}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <a href={d.url} download className={linkClasses}>
            Download<span className="sr-only"> {name}</span>
          </a>
          {d.state !== 'verified' && (
            <Button
              variant="secondary"
              disabled={review.isPending}
              onClick={() =>
                review.mutate({ key: d.key, part: d.part, input: { ...seen, state: 'verified' } })
              }
            >
              Verify<span className="sr-only"> {name}</span>
            </Button>
          )}
          {d.state !== 'rejected' && !isRejecting && (
            <Button variant="ghost" onClick={openRejection}>
              Reject<span className="sr-only"> {name}</span>
            </Button>
          )}
        </div>
      </div>
      {isRejecting && (
        <form
          noValidate
          onSubmit={(event) => void reject(event)}
          className="space-y-2 rounded-lg bg-slate-50 p-3"
        >
          <TextAreaField
            label={`Why is the ${name.toLowerCase()} rejected?`}
            hint="The applicant reads this on the track page."
            rows={2}
            maxLength={maxRejectionReasonLength}
            {...rejection.register('reason')}
            error={
              rejection.formState.errors.reason &&
              errorText(rejection.formState.errors.reason, { field: 'The reason' })
            }
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={review.isPending}>
              {review.isPending ? 'Saving…' : 'Reject document'}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {review.isError && (
        <Alert tone="error">
          {errorText(review.error)}
          {meanwhile && (
            <>
              {' '}
              It is now {meanwhile.state}
              {meanwhile.reviewedBy && <> by {meanwhile.reviewedBy}</>}
              {meanwhile.rejectionReason && <> (“{meanwhile.rejectionReason}”)</>}.
            </>
          )}
        </Alert>
      )}
      {older.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted">Earlier versions ({older.length})</summary>
          <ul className="mt-1 space-y-1 pl-4">
            {older.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span>
                  Version {v.version}: {v.originalName} · sent {formatDayTime(v.uploadedAt)}
                </span>
                <DocumentStateBadge state={v.state} />
                {v.rejectionReason && <span className="text-muted">“{v.rejectionReason}”</span>}
                <a href={v.url} download className={linkClasses}>
                  Download
                  <span className="sr-only">
                    {' '}
                    version {v.version} of {name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
