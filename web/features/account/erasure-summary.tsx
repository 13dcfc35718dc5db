import { FormattedDate, FormattedMessage } from 'react-intl';
import type { ErasureApplication, ErasurePreview } from '../../../shared/schemas/personal-data';

function ApplicationName({ application }: { application: ErasureApplication }) {
  return (
    <>
      <span className="font-medium text-ink">
        <FormattedMessage
          id="account.delete.applicationName"
          defaultMessage="{program} at {university}"
          values={{ program: application.programName, university: application.universityName }}
        />
      </span>
      {application.sentSignedOut && (
        <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-ink">
          <FormattedMessage
            id="account.delete.sentSignedOut"
            defaultMessage="sent without signing in"
          />
        </span>
      )}
    </>
  );
}

/** Until when a kept case stays: a date once it has closed, else the retention after it closes. */
function KeptUntil({ application, months }: { application: ErasureApplication; months: number }) {
  return application.erasedOn ? (
    <FormattedMessage
      id="account.delete.keptUntilDate"
      defaultMessage="Kept until {date} at the latest, then deleted."
      values={{
        date: <FormattedDate value={application.erasedOn} dateStyle="long" timeZone="UTC" />,
      }}
    />
  ) : (
    <FormattedMessage
      id="account.delete.keptUntilOpen"
      defaultMessage="Kept until {months, plural, one {# month} other {# months}} after the case closes, then deleted."
      values={{ months }}
    />
  );
}

/**
 * What "Delete my account" does, read from the server before the person confirms (D16): what goes
 * at once (naming the applications, those sent signed out with the same address too) and, for an
 * active case, what is kept, why and until when.
 */
export function ErasureSummary({ preview }: { preview: ErasurePreview }) {
  const kept = preview.applications.filter((a) => a.kept);
  const erased = preview.applications.filter((a) => !a.kept);
  return (
    <div className="mt-4 space-y-4">
      <section aria-labelledby="erased-now-heading">
        <h3 id="erased-now-heading" className="font-semibold text-ink">
          <FormattedMessage id="account.delete.erasedHeading" defaultMessage="Deleted at once" />
        </h3>
        <ul className="mt-1 list-disc space-y-1 ps-5 text-muted">
          <li>
            <FormattedMessage
              id="account.delete.erasedAccount"
              defaultMessage="Your account, its ways of signing in and the devices signed in to it"
            />
          </li>
          {erased.map((a) => (
            <li key={a.id}>
              <ApplicationName application={a} />{' '}
              <FormattedMessage
                id="account.delete.erasedApplication"
                defaultMessage="(this application and its documents)"
              />
            </li>
          ))}
          <li>
            <FormattedMessage
              id="account.delete.erasedMessages"
              defaultMessage="Your messages with our team and their attachments"
            />
          </li>
          <li>
            <FormattedMessage
              id="account.delete.erasedOther"
              defaultMessage="Your saved guidance and the e-mails we keep for you"
            />
          </li>
        </ul>
      </section>
      {kept.length > 0 && (
        <section
          aria-labelledby="kept-heading"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h3 id="kept-heading" className="font-semibold">
            <FormattedMessage
              id="account.delete.keptHeading"
              defaultMessage="What we keep, and why"
            />
          </h3>
          <p className="mt-1">
            <FormattedMessage
              id="account.delete.keptIntro"
              defaultMessage="{count, plural, one {This case is still active: it has gone past “submitted” and is not closed.} other {These # cases are still active: they have gone past “submitted” and are not closed.}}"
              values={{ count: kept.length }}
            />
          </p>
          <ul className="mt-2 space-y-2">
            {kept.map((a) => (
              <li key={a.id} className="rounded-md bg-white/70 p-2">
                <ApplicationName application={a} />
                <p className="text-sm">
                  <KeptUntil application={a} months={preview.retentionMonths} />
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-2">
            <FormattedMessage
              id="account.delete.keptWhat"
              defaultMessage="We keep: the application as you sent it, your choices and the universities’ decisions, its status history, its documents and our record of the work done on it."
            />
          </p>
          <p className="mt-2">
            <FormattedMessage
              id="account.delete.keptWhy"
              defaultMessage="Why: our contract with you and the law require it. A university or the Home Office may ask us for these records, and UK data protection law lets us keep what a contract or a legal duty needs."
            />
          </p>
          <p className="mt-2">
            <FormattedMessage
              id="account.delete.keptAfter"
              defaultMessage="Your consultant is told. Nobody can sign in to see these records, and they are deleted when the time is up. We will send you an e-mail saying all this."
            />
          </p>
        </section>
      )}
    </div>
  );
}
