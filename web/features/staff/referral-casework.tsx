import { useState } from 'react';
import { localeInfo } from '../../../shared/locales';
import { maxReplyLength } from '../../../shared/schemas/leads';
import type { ContactRequestDetail } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { StatusBadge } from '../../components/status-badge';
import { useErrorText } from '../../lib/error-text';
import { Link } from '../../lib/router';
import { formatDayTime } from './format';
import { useReferralAction } from './leads-api';

/**
 * Issue 28 §1: a referral's way to a case. The team answers the referrer by e-mail, invites the
 * student to apply (an e-mail in the language the referrer chose), and sees the applications made
 * from the invitation with their status.
 */
export function ReferralCasework({ referral }: { referral: ContactRequestDetail }) {
  const casework = referral.casework!;
  const action = useReferralAction(referral.id);
  const errorText = useErrorText();
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const studentEmail = referral.student?.email ?? null;
  const language = casework.studentLanguage
    ? localeInfo[casework.studentLanguage].nativeName
    : 'the referrer’s language';

  const send = (input: Parameters<typeof action.mutate>[0], message: string, reset: () => void) => {
    setDone(null);
    action.mutate(input, {
      onSuccess: () => {
        reset();
        setDone(message);
      },
    });
  };

  return (
    <>
      <section
        aria-labelledby="case-title"
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="case-title" className="text-lg font-semibold text-ink">
          From referral to application
        </h2>
        <p className="text-sm text-ink">
          {casework.invitedAt
            ? `Invited to apply on ${formatDayTime(casework.invitedAt)} (e-mail in ${language}).`
            : 'The student has not been invited to apply yet.'}
        </p>
        {casework.applications.length > 0 ? (
          <ul className="space-y-2" aria-label="Applications from this referral">
            {casework.applications.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 text-sm">
                <Link
                  to={`/staff/applications/${a.id}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {a.fullName}
                </Link>
                <StatusBadge status={a.status} />
                <span className="text-muted">
                  applied {formatDayTime(a.createdAt)};{' '}
                  {a.referrerMayFollow
                    ? 'the referrer may be told (name only)'
                    : 'the referrer is not told'}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No application from this referral yet.</p>
        )}
        {(casework.referrerToldContactedAt || casework.referrerToldAppliedAt) && (
          <p className="text-sm text-muted">
            The referrer was told by e-mail that the student was contacted and applied
            {casework.referrerToldAppliedAt
              ? ` (${formatDayTime(casework.referrerToldAppliedAt)})`
              : ''}
            .
          </p>
        )}
      </section>

      <section
        aria-labelledby="messages-title"
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="messages-title" className="text-lg font-semibold text-ink">
          E-mails from the team
        </h2>
        {casework.messages.length === 0 ? (
          <p className="text-sm text-muted">Nothing sent yet.</p>
        ) : (
          <ol className="space-y-2">
            {casework.messages.map((m) => (
              <li key={m.id} className="text-sm">
                <span className="font-medium">
                  {m.kind === 'reply' ? 'Reply to the referrer' : 'Invitation to the student'}
                </span>{' '}
                by {m.by?.name ?? 'Former staff member'}, {formatDayTime(m.at)}
                {m.body && (
                  <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-2">{m.body}</p>
                )}
              </li>
            ))}
          </ol>
        )}
        {action.isError && <Alert tone="error">{errorText(action.error)}</Alert>}
        {done && (
          <p role="status" className="text-sm font-medium text-green-800">
            {done}
          </p>
        )}
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim())
              send({ action: 'reply', body: reply }, 'Reply sent to the referrer.', () =>
                setReply(''),
              );
          }}
        >
          <TextAreaField
            label={`Reply to ${referral.name} (by e-mail)`}
            rows={4}
            maxLength={maxReplyLength}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          <Button type="submit" disabled={action.isPending || !reply.trim()}>
            Send reply
          </Button>
        </form>
        <form
          className="space-y-2 border-t border-slate-200 pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            send(
              { action: 'invite', note: note.trim() || undefined },
              `Invitation sent to ${studentEmail ?? 'the student'}.`,
              () => setNote(''),
            );
          }}
        >
          <TextAreaField
            label={`Note in the invitation (optional, written in ${language})`}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            hint={
              studentEmail
                ? `The student receives a link to the application form with their name and contact filled in${casework.invitedAt ? '; a new invitation replaces the earlier link' : ''}.`
                : 'The referral has no e-mail address for the student: reach them by phone.'
            }
          />
          <Button type="submit" variant="secondary" disabled={action.isPending || !studentEmail}>
            {casework.invitedAt ? 'Invite again' : 'Invite to apply'}
          </Button>
        </form>
      </section>
    </>
  );
}
