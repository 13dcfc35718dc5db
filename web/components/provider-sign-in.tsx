import { FormattedMessage, useIntl } from 'react-intl';
import { useAccountText, type Said } from '../lib/account-text';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from '../lib/router';
import { providerErrorCode } from '../../shared/error-codes';
import { Alert } from './alert';
import { Button } from './button';
import { ApiError } from '../lib/api-client';
import { goToProvider, useSignInProviders } from '../lib/identity-api';

/** What went wrong at a provider (the server hands back only a code), in plain words. */
export function ProviderSignInError() {
  const [params] = useSearchParams();
  const intl = useIntl();
  const t = useAccountText();
  const code = params.get('sso_error');
  if (!code) return null;
  return (
    <Alert
      tone="error"
      title={intl.formatMessage({
        id: 'identity.signIn.failedTitle',
        defaultMessage: 'Signing in did not work',
      })}
    >
      {t(providerErrorCode(code))}
    </Alert>
  );
}

/** "Continue with …" for each configured provider (Google, Microsoft, a university's SSO), after `children` (the passkey button). */
export function ProviderSignInButtons({ children }: { children?: ReactNode }) {
  const t = useAccountText();
  const providers = useSignInProviders();
  const [busy, setBusy] = useState<Said>(null);
  const [failure, setFailure] = useState<Said>(null);
  return (
    <section aria-labelledby="other-sign-in" className="mt-6 space-y-3">
      <h2
        id="other-sign-in"
        className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200"
      >
        <FormattedMessage id="identity.signIn.orWith" defaultMessage="or sign in with" />
      </h2>
      {children}
      {!!failure && <Alert tone="error">{t(failure)}</Alert>}
      <ul className="space-y-2">
        {(providers.data ?? []).map((provider) => (
          <li key={provider.id}>
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              disabled={busy !== null}
              onClick={() => {
                setBusy(provider.id);
                setFailure(null);
                goToProvider(provider.id, 'sign-in').catch((error: unknown) => {
                  setBusy(null);
                  setFailure(error instanceof ApiError ? error : providerErrorCode('unknown'));
                });
              }}
            >
              {busy === provider.id ? (
                <FormattedMessage
                  id="identity.signIn.opening"
                  defaultMessage="Opening {provider}…"
                  values={{ provider: provider.name }}
                />
              ) : (
                <FormattedMessage
                  id="identity.signIn.continueWith"
                  defaultMessage="Continue with {provider}"
                  values={{ provider: provider.name }}
                />
              )}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
