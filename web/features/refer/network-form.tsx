import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { countryOptions } from '../../../shared/countries';
import { phoneExample } from '../../../shared/schemas/contact';
import type { ContactRequestReceipt } from '../../../shared/schemas/referral';
import { networkKinds, type NetworkFormValues, type NetworkKind } from './network-kinds';
import { StudentFields } from './student-fields';
import { useNetworkSubmit, validateNetworkForm, type FieldErrors } from './use-network-submit';

const fieldOrder: (keyof NetworkFormValues)[] = [
  'name',
  'businessName',
  'country',
  'phone',
  'email',
  'studentName',
  'studentEmail',
  'studentPhone',
  'studyInterest',
];

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
  const { submit, dismissServerError, isSubmitting, failure, serverErrors } = useNetworkSubmit(kind);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = { ...serverErrors, ...clientErrors };

  function set(field: keyof NetworkFormValues, value: string) {
    const next = { ...values, [field]: value };
    onChange(next);
    dismissServerError(field);
    if (wasSubmitted) setClientErrors(validateNetworkForm(kind, next).errors);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setWasSubmitted(true);
    const { body, errors: found } = validateNetworkForm(kind, values);
    setClientErrors(found);
    const firstInvalid = fieldOrder.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const receipt = await submit(body);
    if (receipt) onSubmitted(receipt);
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5" aria-labelledby="network-form-title">
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
        name="name"
        autoComplete="name"
        required
        maxLength={200}
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      {kind === 'partner' && (
        <TextField
          label="Business Name"
          name="businessName"
          autoComplete="organization"
          required
          maxLength={200}
          value={values.businessName}
          error={errors.businessName}
          onChange={(e) => set('businessName', e.target.value)}
        />
      )}
      <SelectField
        label="Country"
        name="country"
        autoComplete="country"
        required
        value={values.country}
        error={errors.country}
        onChange={(e) => set('country', e.target.value)}
      >
        <option value="">Select a country</option>
        {countryOptions.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={40}
        value={values.phone}
        error={errors.phone}
        hint={`With the country code, e.g. ${phoneExample}`}
        onChange={(e) => set('phone', e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email', e.target.value)}
      />
      {kind === 'student' && <StudentFields values={values} errors={errors} set={set} />}
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
