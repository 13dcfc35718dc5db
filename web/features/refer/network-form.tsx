import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { countryOptions } from '../../../shared/countries';
import { phoneExample } from '../../../shared/schemas/contact';
import type { ContactRequestReceipt } from '../../../shared/schemas/referral';
import { networkKinds, type NetworkFormValues, type NetworkKind } from './network-kinds';
import { StudentFields } from './student-fields';
import { labels } from './labels';
import { useErrorText } from '../../lib/error-text';
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
  const intl = useIntl();
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
  const errorText = useErrorText();
  const labelOf = (field: keyof NetworkFormValues) =>
    field === 'name'
      ? kind === 'student'
        ? labels.yourName
        : labels.contactName
      : labels[field as keyof typeof labels];
  const error = (field: keyof NetworkFormValues) =>
    errorText(errors[field], { field: intl.formatMessage(labelOf(field)) }) || undefined;

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
    for (const [field, { code, params }] of Object.entries(outcome.fields)) {
      setError(field as keyof NetworkFormValues, { type: code, message: code, params } as never);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
      aria-labelledby="network-form-title"
    >
      <h2 id="network-form-title" className="text-2xl font-bold tracking-tight">
        {intl.formatMessage(config.title)}
      </h2>
      <p className="text-sm text-muted">
        {kind === 'student' ? (
          <FormattedMessage
            id="refer.form.requiredStudent"
            defaultMessage="All fields are required, except that the student needs only an e-mail or a phone."
          />
        ) : (
          <FormattedMessage id="refer.form.required" defaultMessage="All fields are required." />
        )}
      </p>
      {kind === 'student' && (
        <h3 className="text-lg font-semibold">
          <FormattedMessage id="refer.form.aboutYou" defaultMessage="About you" />
        </h3>
      )}
      {failure && (
        <Alert
          tone="error"
          title={intl.formatMessage({
            id: 'refer.form.failed',
            defaultMessage: 'We could not send your form.',
          })}
        >
          {failure}
        </Alert>
      )}
      <TextField
        label={intl.formatMessage(config.nameLabel)}
        autoComplete="name"
        required
        maxLength={200}
        {...register('name')}
        error={error('name')}
      />
      {kind === 'partner' && (
        <TextField
          label={intl.formatMessage(labels.businessName)}
          autoComplete="organization"
          required
          maxLength={200}
          {...register('businessName')}
          error={error('businessName')}
        />
      )}
      <SelectField
        label={intl.formatMessage(labels.country)}
        autoComplete="country"
        required
        {...register('country')}
        error={error('country')}
      >
        <option value="">
          {intl.formatMessage({
            id: 'refer.form.selectCountry',
            defaultMessage: 'Select a country',
          })}
        </option>
        {countryOptions.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={intl.formatMessage(labels.phone)}
        type="tel"
        autoComplete="tel"
        required
        maxLength={40}
        {...register('phone')}
        error={error('phone')}
        hint={
          <FormattedMessage
            id="refer.form.phoneHint"
            defaultMessage="With the country code, e.g. {example}"
            values={{ example: <bdi dir="ltr">{phoneExample}</bdi> }}
          />
        }
      />
      <TextField
        label={intl.formatMessage(labels.email)}
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
          <FormattedMessage id="refer.form.back" defaultMessage="Back" />
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? (
            <FormattedMessage id="refer.form.submitting" defaultMessage="Submitting…" />
          ) : (
            <FormattedMessage id="refer.form.submit" defaultMessage="Submit" />
          )}
        </Button>
      </div>
    </form>
  );
}
