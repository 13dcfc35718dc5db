import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccountText } from '../../lib/account-text';
import { useSchemaForm } from '../../lib/schema-form';
import { errorText } from '../../lib/error-text';
import { FormattedMessage, useIntl } from 'react-intl';
import { renderSVG } from 'uqr';
import { totpCodeInput, type TotpCodeInput } from '../../../shared/schemas/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import type { AccountUser } from '../../lib/auth-client';
import { saveFile } from './account-api';
import { useLinkedIdentities } from '../../lib/identity-api';
import { ConfirmedActionButton } from './confirmed-action-button';
import { PasswordAgainForm } from './password-again-form';
import { isCancelled, useReauth } from './reauth-dialog';
import {
  confirmTwoFactor,
  keyText,
  regenerateBackupCodes,
  startTwoFactor,
  turnOffTwoFactor,
} from './security-api';

type Setup = { totpURI: string; backupCodes: string[] };

function BackupCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: string[];
  renewed: boolean;
  onDone: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="mt-4 space-y-4">
      {renewed ? (
        <Alert
          tone="success"
          title={intl.formatMessage({
            id: 'account.twoFactor.renewedTitle',
            defaultMessage: 'New backup codes are ready',
          })}
        >
          <FormattedMessage
            id="account.twoFactor.renewedBody"
            defaultMessage="Your old backup codes no longer work. Save these instead."
          />
        </Alert>
      ) : (
        <Alert
          tone="success"
          title={intl.formatMessage({
            id: 'account.twoFactor.onTitle',
            defaultMessage: 'Two-step verification is on',
          })}
        >
          <FormattedMessage
            id="account.twoFactor.onBody"
            defaultMessage="From now on you sign in with your password (or an e-mailed code) and a code from your app."
          />
        </Alert>
      )}
      <div>
        <h3 className="font-semibold text-ink">
          <FormattedMessage id="account.backupCodes.heading" defaultMessage="Your backup codes" />
        </h3>
        <p className="mt-1 text-muted">
          <FormattedMessage
            id="account.backupCodes.intro"
            defaultMessage="If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: this is the only time we show them."
          />
        </p>
        <ul
          aria-label={intl.formatMessage({
            id: 'account.backupCodes.listLabel',
            defaultMessage: 'Backup codes',
          })}
          dir="ltr"
          className="mt-3 grid grid-cols-2 gap-2 font-mono text-base text-ink sm:grid-cols-5"
        >
          {codes.map((code) => (
            <li
              key={code}
              className="rounded border border-slate-300 bg-slate-50 px-2 py-1 text-center"
            >
              {code}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            saveFile(
              new Blob(
                [
                  `${intl.formatMessage({ id: 'account.backupCodes.fileHeading', defaultMessage: 'UK Study Portal backup codes (each works once)' })}\n\n${codes.join('\n')}\n`,
                ],
                { type: 'text/plain' },
              ),
              'uk-study-portal-backup-codes.txt',
            )
          }
        >
          <FormattedMessage
            id="account.backupCodes.download"
            defaultMessage="Download backup codes"
          />
        </Button>
        <Button onClick={onDone}>
          <FormattedMessage id="account.backupCodes.saved" defaultMessage="I have saved my codes" />
        </Button>
      </div>
    </div>
  );
}

function ConfirmApp({ setup, onConfirmed }: { setup: Setup; onConfirmed: () => void }) {
  const intl = useIntl();
  const t = useAccountText();
  const form = useSchemaForm(totpCodeInput, { code: '' });
  const confirm = useMutation({
    mutationFn: ({ code }: TotpCodeInput) => confirmTwoFactor(code),
    onSuccess: onConfirmed,
  });
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(setup.totpURI, { border: 2 }))}`;
  const submit = form.handleSubmit((input) => confirm.mutate(input));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        confirm.reset();
        void submit(event);
      }}
      className="mt-4 space-y-4"
    >
      <ol className="list-decimal space-y-2 ps-5 text-ink">
        <li>
          <FormattedMessage
            id="account.twoFactor.stepOpenApp"
            defaultMessage="Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password)."
          />
        </li>
        <li>
          <FormattedMessage
            id="account.twoFactor.stepScan"
            defaultMessage="Scan this QR code with it, or type the key below."
          />
        </li>
        <li>
          <FormattedMessage
            id="account.twoFactor.stepCode"
            defaultMessage="Type the 6-digit code the app shows."
          />
        </li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={qr}
          alt={intl.formatMessage({
            id: 'account.twoFactor.qrAlt',
            defaultMessage: 'QR code to add UK Study Portal to your authenticator app',
          })}
          width={180}
          height={180}
          className="rounded border border-slate-300"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink" id="totp-key-label">
            <FormattedMessage
              id="account.twoFactor.keyLabel"
              defaultMessage="Key (if you cannot scan)"
            />
          </p>
          <p
            aria-labelledby="totp-key-label"
            data-testid="totp-key"
            dir="ltr"
            className="mt-1 break-all font-mono text-base text-ink"
          >
            {keyText(setup.totpURI)}
          </p>
        </div>
      </div>
      <TextField
        label={intl.formatMessage({
          id: 'account.twoFactor.codeLabel',
          defaultMessage: 'Code from your authenticator app',
        })}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={t(
          form.formState.errors.code ??
            (confirm.error instanceof ApiError ? confirm.error : confirm.error && 'INVALID_CODE'),
        )}
        {...form.register('code')}
      />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? (
          <FormattedMessage id="account.twoFactor.checking" defaultMessage="Checking..." />
        ) : (
          <FormattedMessage
            id="account.twoFactor.turnOn"
            defaultMessage="Turn on two-step verification"
          />
        )}
      </Button>
    </form>
  );
}

/** Two-step verification with an authenticator app (TOTP): set up, backup codes once, turn off. */
export function TwoFactorCard({ user, required }: { user: AccountUser; required: boolean }) {
  const intl = useIntl();
  const t = useAccountText();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<{ list: string[]; renewed: boolean } | null>(null);
  const reauth = useReauth();
  const isStaff = user.role !== 'applicant';
  const setUpLabel = intl.formatMessage({
    id: 'account.twoFactor.setUp',
    defaultMessage: 'Set up two-step verification',
  });
  const startingLabel = intl.formatMessage({
    id: 'account.twoFactor.starting',
    defaultMessage: 'Starting…',
  });
  const identities = useLinkedIdentities();
  // An account made through a provider has no password: it confirms it is them another way.
  const hasPassword = identities.data
    ? identities.data.some((identity) => identity.providerId === 'credential')
    : true;

  const renew = useMutation({
    mutationFn: () => reauth.run(regenerateBackupCodes),
    onSuccess: (list) => setCodes({ list, renewed: true }),
  });
  const turnOff = useMutation({ mutationFn: () => reauth.run(turnOffTwoFactor) });
  const busy = renew.isPending || turnOff.isPending;
  // a cancelled re-authentication changed nothing and says nothing
  const failure = [renew, turnOff].find(
    (action) => action.isError && !isCancelled(action.error),
  )?.error;
  const start = (action: typeof renew | typeof turnOff) => {
    renew.reset();
    turnOff.reset();
    action.mutate();
  };

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.twoFactor.heading" defaultMessage="Two-step verification" />
      </h2>
      {required && !user.secondFactor && (
        <div className="mt-3">
          <Alert
            tone="warning"
            title={intl.formatMessage({
              id: 'account.twoFactor.staffTitle',
              defaultMessage: 'Set this up to open the staff console',
            })}
          >
            {intl.formatMessage(errorText.SECOND_FACTOR_REQUIRED)}
          </Alert>
        </div>
      )}
      {codes ? (
        <BackupCodes codes={codes.list} renewed={codes.renewed} onDone={() => setCodes(null)} />
      ) : user.twoFactorEnabled ? (
        <div className="mt-2 space-y-3">
          <p className="text-muted">
            <FormattedMessage
              id="account.twoFactor.onIntro"
              defaultMessage="On. When you sign in, we ask for a code from your authenticator app (or a backup code) after your password or e-mailed code."
            />
          </p>
          {!!isStaff && (
            <p className="text-sm text-muted">
              <FormattedMessage
                id="account.twoFactor.staffNote"
                defaultMessage="Staff accounts need it: if you turn it off, set it up again before using the console."
              />
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => start(renew)} disabled={busy}>
              <FormattedMessage
                id="account.twoFactor.renewCodes"
                defaultMessage="Get new backup codes"
              />
            </Button>
            <Button variant="secondary" onClick={() => start(turnOff)} disabled={busy}>
              {busy ? (
                <FormattedMessage id="account.twoFactor.working" defaultMessage="Working..." />
              ) : (
                <FormattedMessage
                  id="account.twoFactor.turnOff"
                  defaultMessage="Turn off two-step verification"
                />
              )}
            </Button>
          </div>
          {!!failure && <Alert tone="error">{t(failure)}</Alert>}
        </div>
      ) : setup ? (
        <ConfirmApp
          setup={setup}
          onConfirmed={() => {
            setCodes({ list: setup.backupCodes, renewed: false });
            setSetup(null);
          }}
        />
      ) : (
        <>
          <p id="two-factor-intro" className="mt-1 text-muted">
            <FormattedMessage
              id="account.twoFactor.offIntro"
              defaultMessage="Off. Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone, so that your password alone is not enough."
            />
          </p>
          {hasPassword ? (
            <PasswordAgainForm
              id="two-factor"
              label={setUpLabel}
              busyLabel={startingLabel}
              action={async (password) => setSetup(await startTwoFactor(password))}
            />
          ) : (
            <ConfirmedActionButton
              id="two-factor"
              label={setUpLabel}
              busyLabel={startingLabel}
              action={async () => setSetup(await startTwoFactor())}
            />
          )}
        </>
      )}
      {reauth.dialog}
    </Card>
  );
}
