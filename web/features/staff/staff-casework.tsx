import { useState } from 'react';
import { documentLabel, requestableDocumentKeys } from '../../../shared/schemas/application';
import {
  afterOfferFields,
  closeUnsuccessfulInput,
  isoDay,
  maxOutcomeReasonLength,
  maxRequestMessageLength,
  outcomeLabels,
  requestInput,
  type AfterOfferKey,
} from '../../../shared/schemas/casework';
import type { StaffApplicationDetail } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { useSession } from '../../lib/auth-client';
import { useSchemaForm } from '../../lib/schema-form';
import { AfterOfferPanel } from '../../components/casework/after-offer';
import { Conversation } from '../../components/casework/conversation';
import { formatDueDay, formatWhen } from '../../lib/casework-format';
import { staffCasework, useAssignable, useCaseworkAction } from './staff-casework-api';
import { ErrorText } from '../../components/error-text';

const allAfterOfferKeys = Object.keys(afterOfferFields) as AfterOfferKey[];

/** The console's casework for one application (issue 12): owner and time, requests, outcome. */
export function StaffCaseworkSide({ detail }: { detail: StaffApplicationDetail }) {
  const { casework, application } = detail;
  return (
    <>
      {casework.outcome && (
        <Alert tone="info" title={outcomeLabels[casework.outcome.kind]}>
          {casework.outcome.reason ?? 'The applicant withdrew the application.'} (
          {formatWhen(casework.outcome.at)})
        </Alert>
      )}
      <OwnerPanel detail={detail} />
      {!casework.outcome && <RequestsPanel detail={detail} />}
      {!casework.outcome && <CloseApplication id={application.id} />}
    </>
  );
}

/** The console's main column: the steps after an offer and the conversation with the applicant. */
export function StaffCaseworkMain({ detail }: { detail: StaffApplicationDetail }) {
  const { casework, application } = detail;
  const action = useCaseworkAction(application.id);
  return (
    <>
      {casework.afterOffer && (
        <AfterOfferPanel
          title="After the offer: the UK steps"
          view={casework.afterOffer}
          editable={casework.outcome ? [] : allAfterOfferKeys}
          viewer="team"
          onSave={(values) =>
            action.mutateAsync(() => staffCasework.afterOffer(application.id, values))
          }
        />
      )}
      {/* the conversation went with the erasure; nothing more is sent (D16) */}
      {!casework.erasureRequest && (
        <Conversation
          title="Messages with the applicant"
          messages={casework.messages}
          unread={casework.unreadMessages}
          onSend={(body, file) =>
            action.mutateAsync(() => staffCasework.send(application.id, body, file))
          }
          onRead={() => void staffCasework.read(application.id).catch(() => undefined)}
        />
      )}
    </>
  );
}

function OwnerPanel({ detail }: { detail: StaffApplicationDetail }) {
  const session = useSession();
  const me = session.data;
  const isAdmin = me?.role === 'admin';
  const { casework, application } = detail;
  const assignable = useAssignable(isAdmin);
  const action = useCaseworkAction(application.id);
  return (
    <section
      aria-labelledby="owner-title"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="owner-title" className="text-lg font-semibold text-ink">
        Owner and time
      </h2>
      <p className="text-sm text-ink">Owner: {casework.owner?.name ?? 'Unassigned'}</p>
      {casework.stageDueAt && (
        <p className={`text-sm ${casework.late ? 'font-semibold text-red-700' : 'text-muted'}`}>
          {casework.late ? 'Late: ' : 'Stage due '}
          {formatWhen(casework.stageDueAt)}
        </p>
      )}
      {!isAdmin && casework.owner === null && me && (
        <Button
          variant="secondary"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(() =>
              staffCasework.assign(application.id, casework.owner?.id ?? null, me.id),
            )
          }
        >
          Take this case
        </Button>
      )}
      {isAdmin && assignable.data && (
        <SelectField
          label="Assign to"
          value={casework.owner?.id ?? ''}
          disabled={action.isPending}
          onChange={(e) =>
            action.mutate(() =>
              staffCasework.assign(
                application.id,
                casework.owner?.id ?? null,
                e.target.value || null,
              ),
            )
          }
        >
          <option value="">Unassigned</option>
          {assignable.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name || p.email}
            </option>
          ))}
        </SelectField>
      )}
      {action.isError && (
        <Alert tone="error">
          <ErrorText error={action.error} />
        </Alert>
      )}
    </section>
  );
}

function RequestsPanel({ detail }: { detail: StaffApplicationDetail }) {
  const { casework, application } = detail;
  const action = useCaseworkAction(application.id);
  const form = useSchemaForm(requestInput, {
    kind: 'document',
    documentKey: '',
    message: '',
    dueOn: isoDay(7),
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const submit = form.handleSubmit((request) =>
    action.mutate(() => staffCasework.ask(application.id, request), {
      onSuccess: () => form.reset({ ...form.getValues(), message: '', documentKey: '' }),
    }),
  );

  const open = casework.requests.filter((r) => r.open);
  const closed = casework.requests.filter((r) => !r.open);
  return (
    <section
      aria-labelledby="requests-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="requests-title" className="text-lg font-semibold text-ink">
        Requests to the applicant
      </h2>
      {open.length === 0 ? (
        <p className="text-sm text-muted">Nothing asked at the moment.</p>
      ) : (
        <ul className="space-y-2" aria-label="Open requests">
          {open.map((r) => (
            <li
              key={r.id}
              className={`rounded-lg p-2 text-sm ${r.overdue ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'}`}
            >
              <p className="font-semibold">
                {r.label} · due {formatDueDay(r.dueOn)} {r.overdue && '· Overdue'}
              </p>
              <p className="whitespace-pre-line">{r.message}</p>
              <Button
                variant="ghost"
                onClick={() => action.mutate(() => staffCasework.cancel(application.id, r.id))}
              >
                Withdraw this request
              </Button>
            </li>
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-700">
            Answered or withdrawn ({closed.length})
          </summary>
          <ul className="mt-1 space-y-1">
            {closed.map((r) => (
              <li key={r.id}>
                {r.label}: {r.answerText ? `“${r.answerText}”` : 'closed'}{' '}
                {r.closedAt && `(${formatWhen(r.closedAt)})`}
              </li>
            ))}
          </ul>
        </details>
      )}
      {/* nothing more is sent to an applicant who asked for erasure (D16) */}
      {!casework.erasureRequest && (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="space-y-2 border-t border-slate-100 pt-3"
        >
          <SelectField label="Ask for" {...form.register('kind')}>
            <option value="document">A document</option>
            <option value="information">Information</option>
          </SelectField>
          {kind === 'document' && (
            <SelectField
              label="Document"
              error={errors.documentKey?.message}
              {...form.register('documentKey')}
            >
              <option value="">Choose a document</option>
              {requestableDocumentKeys.map((k) => (
                <option key={k} value={k}>
                  {documentLabel(k)}
                </option>
              ))}
            </SelectField>
          )}
          <TextAreaField
            label="Message to the applicant"
            rows={3}
            maxLength={maxRequestMessageLength}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <TextField
            label="Due date"
            type="date"
            error={errors.dueOn?.message}
            {...form.register('dueOn')}
          />
          <Button type="submit" variant="secondary" disabled={action.isPending}>
            {action.isPending ? 'Sending…' : 'Send request'}
          </Button>
          {action.isError && (
            <Alert tone="error">
              <ErrorText error={action.error} />
            </Alert>
          )}
        </form>
      )}
    </section>
  );
}

function CloseApplication({ id }: { id: string }) {
  const action = useCaseworkAction(id);
  const [isOpen, setOpen] = useState(false);
  const form = useSchemaForm(closeUnsuccessfulInput, { reason: '' });
  const reasonError = form.formState.errors.reason;
  const submit = form.handleSubmit(({ reason }) =>
    action.mutate(() => staffCasework.close(id, reason)),
  );
  if (!isOpen) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Close as unsuccessful…
      </Button>
    );
  }
  return (
    <form
      className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <TextAreaField
        label="Reason (the applicant reads it)"
        rows={2}
        maxLength={maxOutcomeReasonLength}
        error={
          reasonError?.type === 'too_small'
            ? 'Say why: the applicant reads it'
            : reasonError?.message
        }
        {...form.register('reason')}
      />
      <p className="text-sm text-red-900">
        This is final: no more status changes, requests or messages.
      </p>
      <div className="flex gap-2">
        <Button type="submit" disabled={action.isPending}>
          Close as unsuccessful
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {action.isError && (
        <Alert tone="error">
          <ErrorText error={action.error} />
        </Alert>
      )}
    </form>
  );
}
