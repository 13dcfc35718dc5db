import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../../lib/router';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { usePageTitle } from '../../components/page-title';
import { deleteAccount, forgetSession, signOutFinished } from '../../lib/auth-client';
import { RequireSignIn } from '../auth/require-sign-in';
import { downloadMyData, saveFile } from './account-api';
import { PasswordAgainForm } from './password-again-form';
import { ConfirmedActionButton } from './confirmed-action-button';
import { useLinkedIdentities } from '../identity/identity-api';
import { LinkedIdentitiesCard } from '../identity/linked-identities-card';
import { PasskeysCard } from '../identity/passkeys-card';
import { ChangeEmailCard, ChangePasswordCard } from './credentials-cards';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const exportFileName = 'uk-study-portal-my-data.zip';

/** An account that signs in with a provider or a passkey may have no password (decision 0023). */
function useHasPassword(): boolean {
  const identities = useLinkedIdentities();
  return identities.data
    ? identities.data.some((identity) => identity.providerId === 'credential')
    : true;
}

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

function DeleteMyAccount() {
  const intl = useIntl();
  const label = intl.formatMessage({
    id: 'account.delete.button',
    defaultMessage: 'Delete my account',
  });
  const busyLabel = intl.formatMessage({ id: 'account.delete.busy', defaultMessage: 'Deleting…' });
  const navigate = useNavigate();
  const hasPassword = useHasPassword();
  const erase = async (password?: string) => {
    await deleteAccount(password);
    forgetSession();
    await navigate('/account/deleted', { replace: true, flushSync: true });
    signOutFinished();
  };
  return (
    <Card className="border-red-200">
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.delete.heading" defaultMessage="Delete my account" />
      </h2>
      <div id="delete-intro" className="mt-1 space-y-2 text-muted">
        <p>
          <FormattedMessage
            id="account.delete.intro"
            defaultMessage="This deletes your account, your applications, their documents and the e-mails we keep for you, and signs you out on every device. It cannot be undone."
          />
        </p>
        <p>
          <FormattedMessage
            id="account.delete.anonymous"
            defaultMessage="We keep only anonymous figures (how many applications went to which program), which say nothing about you."
          />
        </p>
      </div>
      {hasPassword ? (
        <PasswordAgainForm id="delete" danger label={label} busyLabel={busyLabel} action={erase} />
      ) : (
        <ConfirmedActionButton
          id="delete"
          danger
          label={label}
          busyLabel={busyLabel}
          action={() => erase()}
        />
      )}
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
          <DeleteMyAccount />
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
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        <FormattedMessage
          id="account.deleted.heading"
          defaultMessage="Your account has been deleted"
        />
      </h1>
      <Alert tone="success">
        <FormattedMessage
          id="account.deleted.body"
          defaultMessage="Your account, your applications and their documents are gone, and you are signed out everywhere."
        />
      </Alert>
      <ButtonLink to="/">
        <FormattedMessage id="account.deleted.home" defaultMessage="Back to the home page" />
      </ButtonLink>
    </section>
  );
}
