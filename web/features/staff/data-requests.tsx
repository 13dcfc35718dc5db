import { useState, type FormEvent } from 'react';
import { dataRequestInput } from '../../../shared/schemas/personal-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { downloadPersonData, erasePersonData, saveFile } from '../account/account-api';
import { PasswordField } from '../auth/password-field';

/** Data rights for a person who asked by e-mail (admins): their data as a zip, or their account erased. */
export function DataRequests() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function run(kind: 'export' | 'erase', event: FormEvent) {
    event.preventDefault();
    setOutcome(undefined);
    const checked = dataRequestInput.safeParse(values);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
      );
      return;
    }
    if (
      kind === 'erase' &&
      !window.confirm(
        `Delete the account of ${checked.data.email} and everything it holds? This cannot be undone.`,
      )
    )
      return;
    setErrors({});
    setBusy(true);
    try {
      if (kind === 'export') {
        saveFile(
          await downloadPersonData(checked.data.email, checked.data.password),
          'uk-study-portal-personal-data.zip',
        );
        setOutcome({ tone: 'success', text: `The data of ${checked.data.email} is downloading.` });
      } else {
        const { erased } = await erasePersonData(checked.data.email, checked.data.password);
        setOutcome(
          erased
            ? {
                tone: 'success',
                text: `The account of ${checked.data.email} and its data are deleted.`,
              }
            : { tone: 'error', text: 'Your own account is deleted from My account, not here.' },
        );
      }
      setValues((v) => ({ ...v, password: '' }));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else
        setOutcome({
          tone: 'error',
          text: error instanceof Error ? error.message : 'Something went wrong.',
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="data-requests-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="data-requests-title" className="text-lg font-semibold text-ink">
        Data requests
      </h2>
      <p className="text-sm text-muted">
        For someone who asked by e-mail for a copy of their data or for their account to be deleted.
        Your own password is asked again; both are recorded in the audit log.
      </p>
      <form
        noValidate
        onSubmit={(e) => void run('export', e)}
        className="mt-3 grid gap-3 md:grid-cols-[1fr_1fr_auto_auto] md:items-end"
      >
        <TextField
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        />
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Download their data
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={busy}
          onClick={(e) => void run('erase', e)}
        >
          Delete their account
        </Button>
      </form>
      <div className="mt-3" aria-live="polite">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
    </section>
  );
}
