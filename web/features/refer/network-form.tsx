import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { countryOptions } from '../../../shared/countries';
import { phoneExample } from '../../../shared/schemas/contact';
import type { ContactRequestReceipt } from '../../../shared/schemas/referral';
import { networkKinds, type NetworkFormValues, type NetworkKind } from './network-kinds';
import { StudentFields } from './student-fields';
import { networkResolver, useNetworkSubmit } from './use-network-submit';

export function NetworkForm({
  kind,
  values,
  onChange,
  onBack,
  onSubmitted,
}: {
  kind: NetworkKind;
  values: NetworkFormValues;
  onChange: (values: NetworkFormValues) => void;
  onBack: () => void;
  onSubmitted: (receipt: ContactRequestReceipt) => void;
}) {
  const config = networkKinds[kind];
  const { submit, failure } = useNetworkSubmit(kind);
  const form = useForm<NetworkFormValues, unknown, object>({
    resolver: networkResolver(kind),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: values,
  });
  const { register, formState, setError } = form;
  const { errors, isSubmitting } = formState;
  const error = (field: keyof NetworkFormValues) => errors[field]?.message;

  // The page keeps what was typed, so Back (or the browser's back) and forward again lose nothing.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values: next }) => onChange({ ...next }),
      }),
    [subscribe, onChange],
  );

  const handleSubmit = form.handleSubmit(async (body) => {
    const outcome = await submit(body);
    if (!outcome) return;
    if ('receipt' in outcome) {
      onSubmitted(outcome.receipt);
      return;
    }
    for (const [field, message] of Object.entries(outcome.fields)) {
      setError(field as keyof NetworkFormValues, { type: 'server', message });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5" aria-labelledby="network-form-title">
      <h2 id="network-form-title" className="text-2xl font-bold tracking-tight">
        {config.formTitle}
      </h2>
      <p className="text-sm text-muted">
        {kind === 'student'
          ? 'All fields are required, except that the student needs only an e-mail or a phone.'
          : 'All fields are required.'}
      </p>
      {kind === 'student' && <h3 className="text-lg font-semibold">About you</h3>}
      {failure && (
        <Alert tone="error" title="We could not send your form.">
          {failure}
        </Alert>
      )}
      <TextField
        label={config.nameLabel}
        autoComplete="name"
        required
        maxLength={200}
        {...register('name')}
        error={error('name')}
      />
      {kind === 'partner' && (
        <TextField
          label="Business Name"
          autoComplete="organization"
          required
          maxLength={200}
          {...register('businessName')}
          error={error('businessName')}
        />
      )}
      <SelectField label="Country" autoComplete="country" required {...register('country')} error={error('country')}>
        <option value="">Select a country</option>
        {countryOptions.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={40}
        {...register('phone')}
        error={error('phone')}
        hint={`With the country code, e.g. ${phoneExample}`}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        {...register('email')}
        error={error('email')}
      />
      {kind === 'student' && <StudentFields register={register} error={error} />}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={onBack} disabled={isSubmitting}>
          <Icon name="arrowLeft" />
          Back
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
