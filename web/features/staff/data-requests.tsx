import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  dataRequestInput,
  dataRequestLookupInput,
  keptIds,
  maxVerificationLength,
  type ErasurePreview,
} from '../../../shared/schemas/personal-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import {
  downloadPersonData,
  erasePersonData,
  lookUpPerson,
  type PersonRequest,
} from './data-requests-api';
import { PasswordField } from '../../components/password-field';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import { PersonHoldings } from './person-holdings';

type Outcome = { tone: 'success' | 'error' | 'warning'; text: string };

const failureText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong.';

/** Step two: export or erase for the address looked up, saying how the request was checked. */
function ActOnRequest({
  email,
  preview,
  onLookUpAgain,
}: {
  email: string;
  preview: ErasurePreview;
  onLookUpAgain: () => Promise<void>;
}) {
  const form = useSchemaForm(dataRequestInput, { email, verification: '', password: '' });
  const { register, formState, setError, reset, getValues } = form;
  const [outcome, setOutcome] = useState<Outcome>();

  const act = useMutation({
    mutationFn: async ({ kind, request }: { kind: 'export' | 'erase'; request: PersonRequest }) => {
      if (kind === 'export') {
        saveFile(await downloadPersonData(request), 'uk-study-portal-personal-data.zip');
        return `The data of ${request.email} is downloading.`;
      }
      const { erased } = await erasePersonData({ ...request, kept: keptIds(preview) });
      return erased
        ? `The data of ${request.email} is erased${keptIds(preview).length > 0 ? '; the active cases are kept as erasure requests' : ''}. They have been e-mailed.`
        : null;
    },
    onSuccess: (text) => {
      setOutcome(
        text
          ? { tone: 'success', text }
          : { tone: 'error', text: 'Your own account is deleted from My account, not here.' },
      );
      reset({ ...getValues(), password: '' });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'ERASURE_PLAN_CHANGED') {
        await onLookUpAgain();
        setOutcome({
          tone: 'warning',
          text: 'What would be kept has changed since the look-up: read it again above, then confirm.',
        });
      } else if (!showServerErrors(setError, error))
        setOutcome({ tone: 'error', text: failureText(error) });
    },
  });

  const submit = (kind: 'export' | 'erase') =>
    form.handleSubmit((request) => {
      setOutcome(undefined);
      if (
        kind === 'erase' &&
        !window.confirm(
          `Erase the data of ${request.email}? Active cases are kept as erasure requests; everything else is deleted. This cannot be undone.`,
        )
      )
        return;
      act.mutate({ kind, request });
    });

  return (
    <form noValidate onSubmit={(e) => void submit('export')(e)} className="mt-3 space-y-3">
      <TextAreaField
        label="How you checked the request comes from this address"
        hint={`Kept in the audit log with your name (at most ${maxVerificationLength} characters; no passport numbers or other personal details). For example: “Replied to the address and they confirmed with their application ID”.`}
        rows={2}
        error={formState.errors.verification?.message}
        {...register('verification')}
      />
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto] md:items-end">
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" variant="secondary" disabled={act.isPending}>
          Download their data
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={act.isPending}
          onClick={(e) => void submit('erase')(e)}
        >
          Erase their data
        </Button>
      </div>
      <div aria-live="polite">{outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}</div>
    </form>
  );
}

/**
 * Data rights for a person who asked by e-mail (admins), with or without an account: first what the
 * portal holds for the address (and what an erasure keeps), then their data as a zip or erased.
 */
export function DataRequests() {
  const form = useSchemaForm(dataRequestLookupInput, { email: '' });
  const [found, setFound] = useState<{ email: string; preview: ErasurePreview }>();
  const lookUp = useMutation({
    mutationFn: async (email: string) => ({ email, preview: await lookUpPerson(email) }),
    onSuccess: setFound,
    onError: (error) => {
      showServerErrors(form.setError, error);
    },
  });
  const submit = form.handleSubmit(({ email }) => {
    setFound(undefined);
    lookUp.mutate(email);
  });

  return (
    <section
      aria-labelledby="data-requests-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="data-requests-title" className="text-lg font-semibold text-ink">
        Data requests
      </h2>
      <p className="text-sm text-muted">
        For someone who asked by e-mail for a copy of their data or for it to be erased, with or
        without an account. Whether the request comes from the holder of the address is your call:
        say how you checked. Your own password is asked again; everything is recorded in the audit
        log.
      </p>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-3 grid gap-3 md:grid-cols-[1fr_auto] md:items-end"
      >
        <TextField
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" variant="secondary" disabled={lookUp.isPending}>
          Look up
        </Button>
      </form>
      {lookUp.isError && !(lookUp.error instanceof ApiError && lookUp.error.issues) && (
        <div className="mt-3">
          <Alert tone="error">{failureText(lookUp.error)}</Alert>
        </div>
      )}
      {found && (
        <>
          <PersonHoldings email={found.email} preview={found.preview} />
          <ActOnRequest
            key={found.email}
            email={found.email}
            preview={found.preview}
            onLookUpAgain={async () => {
              setFound({ email: found.email, preview: await lookUpPerson(found.email) });
            }}
          />
        </>
      )}
    </section>
  );
}
