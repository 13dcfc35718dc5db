import { useState, type FormEvent } from 'react';
import type { ChoiceState } from '../../../shared/application-choices';
import {
  choiceConditionsMetInput,
  choiceCorrectionInput,
  choiceDecisionInput,
  choiceSentInput,
  staffDecisions,
  type ChoiceView,
} from '../../../shared/schemas/choices';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { useErrorText } from '../../lib/error-text';
import { formatDay, formatDayTime } from './format';
import { useAddChoiceLetter, useChoiceAction, type ChoiceAction } from './staff-api';

export const choiceStateLabels: Record<ChoiceState, string> = {
  not_sent: 'Not sent yet',
  sent: 'Sent, awaiting decision',
  conditional_offer: 'Conditional offer',
  unconditional_offer: 'Unconditional offer',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
};

const stateTones: Record<ChoiceState, string> = {
  not_sent: 'bg-slate-100 text-slate-800 ring-slate-300',
  sent: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  conditional_offer: 'bg-purple-100 text-purple-900 ring-purple-300',
  unconditional_offer: 'bg-green-100 text-green-900 ring-green-300',
  unsuccessful: 'bg-red-100 text-red-900 ring-red-300',
  withdrawn: 'bg-slate-100 text-slate-800 ring-slate-300',
};

const replyLabels = {
  firm: 'The student accepted it (firm)',
  insurance: 'The student keeps it as insurance',
  declined: 'The student declined it',
} as const;

const eventLabels: Record<string, string> = {
  created: 'Choice created',
  sent: 'Sent to the university',
  decision: 'Decision recorded',
  conditions_met: 'Conditions met',
  reply: 'Student replied',
  corrected: 'Corrected',
  document: 'Letter added',
};

const today = () => new Date().toISOString().slice(0, 10);

/** D18 on the case page: one card per university with its facts, letters and timeline. */
export function ChoiceCards({
  applicationId,
  choices,
  open,
}: {
  applicationId: string;
  choices: ChoiceView[];
  open: boolean;
}) {
  return (
    <section
      aria-labelledby="choices-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="choices-title" className="text-lg font-semibold text-ink">
          Universities
        </h2>
        <p className="text-sm text-muted">
          Each university decides on its own. Record what happens; the headline status follows.
        </p>
      </div>
      {choices.length === 0 ? (
        <p className="text-sm text-muted">This application has no universities recorded.</p>
      ) : (
        <div className="space-y-3">
          {choices.map((c) => (
            <ChoiceCard key={c.id} applicationId={applicationId} choice={c} open={open} />
          ))}
        </div>
      )}
    </section>
  );
}

function ChoiceCard({
  applicationId,
  choice: c,
  open,
}: {
  applicationId: string;
  choice: ChoiceView;
  open: boolean;
}) {
  const titleId = `choice-${c.id}`;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words text-ink">
            {c.position}. {c.university.name}
          </h3>
          {c.program && <p className="text-sm text-muted">{c.program.name}</p>}
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${stateTones[c.state]}`}
        >
          {choiceStateLabels[c.state]}
        </span>
      </div>
      <ChoiceFacts choice={c} />
      {open && <ChoiceActions applicationId={applicationId} choice={c} />}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-ink">
          Timeline ({c.timeline.length})
        </summary>
        <ol className="mt-2 space-y-1 border-s-2 border-slate-200 ps-3">
          {c.timeline.map((e, i) => (
            <li key={i}>
              <span className="font-medium text-ink">{eventLabels[e.kind] ?? e.kind}</span>
              <span className="text-muted">
                {' '}
                · {formatDayTime(e.at)}
                {e.by ? ` · ${e.by.name}` : ''}
              </span>
              {eventDetail(e.kind, e.details) && (
                <span className="text-ink"> · {eventDetail(e.kind, e.details)}</span>
              )}
              {e.note && <p className="text-muted">“{e.note}”</p>}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

function eventDetail(kind: string, details: Record<string, unknown>): string | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  if (kind === 'sent')
    return [text(details.sentOn), text(details.reference)].filter(Boolean).join(', ') || null;
  if (kind === 'decision') {
    const decision = text(details.decision);
    return decision ? (choiceStateLabels[decision as ChoiceState] ?? decision) : null;
  }
  if (kind === 'reply') {
    const reply = text(details.reply);
    return reply ? (replyLabels[reply as keyof typeof replyLabels] ?? reply) : null;
  }
  if (kind === 'corrected') return text(details.undone) ? `undid ${text(details.undone)}` : null;
  if (kind === 'document') return text(details.fileName);
  if (kind === 'conditions_met') return text(details.metOn);
  return null;
}

function ChoiceFacts({ choice: c }: { choice: ChoiceView }) {
  const rows: [string, string][] = [];
  if (c.sentOn) rows.push(['Sent on', formatDay(c.sentOn)]);
  if (c.reference) rows.push(['University reference', c.reference]);
  if (c.decidedAt) rows.push(['Decided', formatDayTime(c.decidedAt)]);
  if (c.replyDeadline) rows.push(['Reply by', formatDay(c.replyDeadline)]);
  if (c.conditionsMetOn) rows.push(['Conditions met on', formatDay(c.conditionsMetOn)]);
  if (c.reply) rows.push(['Reply', replyLabels[c.reply]]);
  if (c.reason) rows.push(['Reason', c.reason]);
  return (
    <div className="space-y-2 text-sm">
      {rows.length > 0 && (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {c.conditions.length > 0 && (
        <div>
          <p className="font-medium text-muted">Conditions</p>
          <ul className="list-disc ps-5 text-ink">
            {c.conditions.map((condition, i) => (
              <li key={i}>{condition}</li>
            ))}
          </ul>
        </div>
      )}
      {c.documents.length > 0 && (
        <div>
          <p className="font-medium text-muted">Letters</p>
          <ul className="space-y-1">
            {c.documents.map((d) => (
              <li key={d.id}>
                <a
                  href={d.url}
                  download={d.fileName}
                  className="font-semibold text-brand-700 underline underline-offset-2"
                >
                  {d.fileName}
                </a>{' '}
                <span className="text-muted">· {formatDayTime(d.uploadedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The next fact to record, by the choice's state, then a letter and a correction. */
function ChoiceActions({
  applicationId,
  choice: c,
}: {
  applicationId: string;
  choice: ChoiceView;
}) {
  const action = useChoiceAction(applicationId);
  const letter = useAddChoiceLetter(applicationId);
  const [done, setDone] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [sentOn, setSentOn] = useState(today());
  const [reference, setReference] = useState('');
  const [decision, setDecision] = useState<(typeof staffDecisions)[number] | ''>('');
  const [conditions, setConditions] = useState('');
  const [replyDeadline, setReplyDeadline] = useState('');
  const [reason, setReason] = useState('');
  const [letterFile, setLetterFile] = useState<File>();
  const [metOn, setMetOn] = useState(today());
  const [note, setNote] = useState('');

  const errorText = useErrorText();
  const failed = action.error ?? letter.error;
  const failure = failed ? errorText(failed, { field: 'The letter' }) : null;
  const busy = action.isPending || letter.isPending;
  const offer = decision === 'conditional_offer' || decision === 'unconditional_offer';

  function run(
    kind: ChoiceAction,
    schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
    body: Record<string, unknown>,
    message: string,
    after?: () => Promise<unknown>,
  ) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = (parsed.error as { issues: { path: PropertyKey[]; message: string }[] })
        .issues;
      setFieldErrors(Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFieldErrors({});
    setDone(undefined);
    letter.reset();
    action.mutate(
      { choiceId: c.id, action: kind, body },
      {
        onSuccess: async () => {
          if (after) await after().catch(() => undefined);
          setDone(message);
        },
      },
    );
  }

  function recordSent(event: FormEvent) {
    event.preventDefault();
    run(
      'sent',
      choiceSentInput,
      { version: c.version, sentOn, reference },
      `Recorded as sent to ${c.university.name}.`,
    );
  }

  function recordDecision(event: FormEvent) {
    event.preventDefault();
    const list = conditions
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    run(
      'decision',
      choiceDecisionInput,
      {
        version: c.version,
        decision: decision || undefined,
        conditions: decision === 'conditional_offer' ? list : [],
        replyDeadline: offer ? replyDeadline : '',
        reason: offer ? '' : reason,
      },
      `Decision recorded. The student has been e-mailed.`,
      letterFile
        ? () =>
            letter.mutateAsync({ choiceId: c.id, file: letterFile }).then(() => {
              setLetterFile(undefined);
            })
        : undefined,
    );
  }

  function recordMet(event: FormEvent) {
    event.preventDefault();
    run(
      'conditions-met',
      choiceConditionsMetInput,
      { version: c.version, metOn },
      'Conditions met: the offer is now unconditional. The student has been e-mailed.',
    );
  }

  function correct(event: FormEvent) {
    event.preventDefault();
    run(
      'correct',
      choiceCorrectionInput,
      { version: c.version, note },
      'Corrected. The last recorded fact was undone.',
      async () => setNote(''),
    );
  }

  function addLetter(event: FormEvent) {
    event.preventDefault();
    if (!letterFile) return setFieldErrors({ attachment: 'Choose the letter to upload' });
    setFieldErrors({});
    action.reset();
    letter.mutate(
      { choiceId: c.id, file: letterFile },
      {
        onSuccess: () => {
          setLetterFile(undefined);
          setDone('Letter added. The student can download it.');
        },
      },
    );
  }

  const fileInput = (
    <div className="space-y-1">
      <label htmlFor={`letter-${c.id}`} className="block text-sm font-medium text-ink">
        Letter from the university (PDF, JPG or PNG)
      </label>
      <input
        id={`letter-${c.id}`}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        className="block w-full text-sm"
        onChange={(e) => setLetterFile(e.target.files?.[0])}
        aria-invalid={fieldErrors.attachment ? true : undefined}
      />
      {fieldErrors.attachment && (
        <p className="text-sm font-medium text-red-700">{fieldErrors.attachment}</p>
      )}
    </div>
  );

  return (
    <div className="space-y-3">
      {done && !busy && !failure && <Alert tone="success">{done}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {c.state === 'not_sent' && (
        <form onSubmit={recordSent} className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Sent on"
            type="date"
            value={sentOn}
            error={fieldErrors.sentOn}
            onChange={(e) => setSentOn(e.target.value)}
          />
          <TextField
            label="University reference (optional)"
            value={reference}
            maxLength={100}
            error={fieldErrors.reference}
            onChange={(e) => setReference(e.target.value)}
          />
          <Button type="submit" disabled={busy} className="sm:col-span-2 sm:justify-self-start">
            Record as sent
          </Button>
        </form>
      )}
      {c.state === 'sent' && (
        <form onSubmit={recordDecision} className="space-y-3">
          <SelectField
            label="Decision"
            value={decision}
            error={fieldErrors.decision}
            onChange={(e) => setDecision(e.target.value as typeof decision)}
          >
            <option value="">Choose the decision</option>
            {staffDecisions.map((d) => (
              <option key={d} value={d}>
                {choiceStateLabels[d]}
              </option>
            ))}
          </SelectField>
          {decision === 'conditional_offer' && (
            <TextAreaField
              label="Conditions (one per line)"
              rows={3}
              value={conditions}
              error={fieldErrors.conditions}
              onChange={(e) => setConditions(e.target.value)}
            />
          )}
          {offer && (
            <TextField
              label="Reply by (optional)"
              type="date"
              value={replyDeadline}
              error={fieldErrors.replyDeadline}
              onChange={(e) => setReplyDeadline(e.target.value)}
            />
          )}
          {(decision === 'unsuccessful' || decision === 'withdrawn') && (
            <TextAreaField
              label="Reason (optional)"
              rows={2}
              value={reason}
              error={fieldErrors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          {decision !== '' && fileInput}
          <Button type="submit" disabled={busy}>
            Record the decision
          </Button>
        </form>
      )}
      {c.state === 'conditional_offer' && (
        <form onSubmit={recordMet} className="flex flex-wrap items-end gap-3">
          <TextField
            label="Conditions met on"
            type="date"
            value={metOn}
            error={fieldErrors.metOn}
            onChange={(e) => setMetOn(e.target.value)}
          />
          <Button type="submit" disabled={busy}>
            Mark conditions met
          </Button>
        </form>
      )}
      {c.state !== 'not_sent' && c.state !== 'sent' && (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-ink">Add a letter</summary>
          <form onSubmit={addLetter} className="mt-3 space-y-3">
            {fileInput}
            <Button type="submit" variant="secondary" disabled={busy}>
              Upload the letter
            </Button>
          </form>
        </details>
      )}
      {c.state !== 'not_sent' && (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-ink">
            Correct a mistake on this choice
          </summary>
          <form onSubmit={correct} className="mt-3 space-y-3">
            <p className="text-sm text-muted">
              Undoes the last recorded fact (the reply, else conditions met, else the decision, else
              the sent date). The headline status follows.
            </p>
            <TextAreaField
              label="What was wrong (required)"
              rows={2}
              value={note}
              error={fieldErrors.note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              Undo the last fact
            </Button>
          </form>
        </details>
      )}
    </div>
  );
}
