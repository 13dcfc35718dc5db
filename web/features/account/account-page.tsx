import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from '../../lib/router';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { usePageTitle } from '../../components/page-title';
import { RequireSignIn } from '../../components/require-sign-in';
import { downloadMyData, saveFile } from './account-api';
import { PasswordAgainForm } from './password-again-form';
import { ConfirmedActionButton } from './confirmed-action-button';
import { DeleteAccountCard, type DeletedState } from './delete-account-card';
import { useHasPassword } from './use-has-password';
import { useHydrated } from '../../lib/use-hydrated';
import { LinkedIdentitiesCard } from './linked-identities-card';
import { PasskeysCard } from './passkeys-card';
import { ChangeEmailCard, ChangePasswordCard } from './credentials-cards';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const exportFileName = 'uk-study-portal-my-data.zip';

function DownloadMyData() {
  const intl = useIntl();
  const label = intl.formatMessage({
    id: 'account.export.button',
    defaultMessage: 'Download my data',
  });
  const busyLabel = intl.formatMessage({
    id: 'account.export.busy',
    defaultMessage: 'Preparing your file…',
  });
  const [done, setDone] = useState(false);
  const hasPassword = useHasPassword();
  const download = async (password?: string) => {
    setDone(false);
    saveFile(await downloadMyData(password), exportFileName);
    setDone(true);
  };
  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.export.heading" defaultMessage="Download my data" />
      </h2>
      <p id="export-intro" className="mt-1 text-muted">
        <FormattedMessage
          id="account.export.intro"
          defaultMessage="One zip file with everything we hold about you: your account, your applications with their status history, the e-mails we sent you (in a file called {dataFile}), and the documents you uploaded."
          values={{ dataFile: <bdi dir="ltr">data.json</bdi> }}
        />
      </p>
      {hasPassword ? (
        <PasswordAgainForm id="export" label={label} busyLabel={busyLabel} action={download} />
      ) : (
        <ConfirmedActionButton
          id="export"
          label={label}
          busyLabel={busyLabel}
          action={() => download()}
        />
      )}
      <div className="mt-3" aria-live="polite">
        {done && (
          <Alert tone="success">
            <FormattedMessage
              id="account.export.downloading"
              defaultMessage="Your file {fileName} is downloading."
              values={{ fileName: <bdi dir="ltr">{exportFileName}</bdi> }}
            />
          </Alert>
        )}
      </div>
    </Card>
  );
}

export function AccountPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'account.page.title', defaultMessage: 'My account' }));
  const [params] = useSearchParams();
  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-ink">
                <FormattedMessage id="account.page.heading" defaultMessage="My account" />
              </h1>
              <p className="mt-1 text-muted">
                <FormattedMessage
                  id="account.page.signedInAs"
                  defaultMessage="Signed in as {email}"
                  values={{ email: <bdi dir="ltr">{user.email}</bdi> }}
                />
              </p>
            </div>
            <ButtonLink to="/dashboard" variant="secondary">
              <FormattedMessage id="account.page.myApplications" defaultMessage="My Applications" />
            </ButtonLink>
          </div>
          <TwoFactorCard
            user={user}
            required={user.role !== 'applicant' || params.get('setup') === 'two-factor'}
          />
          <LinkedIdentitiesCard />
          <PasskeysCard />
          <SessionsCard />
          <ChangePasswordCard />
          <ChangeEmailCard email={user.email} changed={params.get('email') === 'changed'} />
          <h2 className="pt-4 text-2xl font-bold tracking-tight text-ink">
            <FormattedMessage id="account.data.heading" defaultMessage="Your data" />
          </h2>
          <p className="text-muted">
            <FormattedMessage
              id="account.data.intro"
              defaultMessage="Both actions ask you to confirm it is you again, so nobody else at this device can take them."
            />
          </p>
          <DownloadMyData />
          <DeleteAccountCard />
        </section>
      )}
    </RequireSignIn>
  );
}

export function AccountDeletedPage() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'account.deleted.title', defaultMessage: 'Account deleted' }),
  );
  const location = useLocation();
  // history state: only the browser has it, so it is read after hydration
  const kept = (useHydrated() ? location.state : null) as Partial<DeletedState> | null;
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        <FormattedMessage
          id="account.deleted.heading"
          defaultMessage="Your account has been deleted"
        />
      </h1>
      <Alert tone="success">
        {kept?.keptCases ? (
          <FormattedMessage
            id="account.deleted.bodyKept"
            defaultMessage="Your account and everything else we held are gone, and you are signed out everywhere. We keep the records of {count, plural, one {your active case} other {your # active cases}} until {months, plural, one {# month} other {# months}} after {count, plural, one {it closes} other {they close}}, as the e-mail we sent you explains."
            values={{ count: kept.keptCases, months: kept.retentionMonths ?? 0 }}
          />
        ) : (
          <FormattedMessage
            id="account.deleted.body"
            defaultMessage="Your account, your applications and their documents are gone, and you are signed out everywhere."
          />
        )}
      </Alert>
      <ButtonLink to="/">
        <FormattedMessage id="account.deleted.home" defaultMessage="Back to the home page" />
      </ButtonLink>
    </section>
  );
}
