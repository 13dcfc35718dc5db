import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { SelectField, TextField } from '../../components/field';
import { englishLevels, minApplicantAge } from '../../../shared/schemas/application';
import { useErrorText } from '../../lib/error-text';
import { yearsAgoIso, type FieldErrors, type FormValues } from './form-values';
import { useCountryNames } from '../../lib/use-country-names';

const m = defineMessages({
  legend: { id: 'application.personal.legend', defaultMessage: 'About you' },
  fullName: { id: 'application.personal.fullName', defaultMessage: 'Full name' },
  dateOfBirth: { id: 'application.personal.dateOfBirth', defaultMessage: 'Date of birth' },
  email: { id: 'application.personal.email', defaultMessage: 'Email' },
  phone: { id: 'application.personal.phone', defaultMessage: 'Phone' },
  passport: { id: 'application.personal.passport', defaultMessage: 'Passport number' },
  nationality: { id: 'application.personal.nationality', defaultMessage: 'Nationality' },
  residency: { id: 'application.personal.residency', defaultMessage: 'Country of residence' },
  chooseCountry: { id: 'application.personal.chooseCountry', defaultMessage: 'Choose a country' },
  englishLevel: { id: 'application.personal.englishLevel', defaultMessage: 'English level' },
  chooseLevel: { id: 'application.personal.chooseLevel', defaultMessage: 'Choose your level' },
});

const levels = defineMessages({
  beginner: { id: 'application.level.beginner', defaultMessage: 'Beginner' },
  intermediate: { id: 'application.level.intermediate', defaultMessage: 'Intermediate' },
  advanced: { id: 'application.level.advanced', defaultMessage: 'Advanced' },
  native: { id: 'application.level.native', defaultMessage: 'Native' },
});

export function PersonalFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: (name: keyof FormValues, value: string) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const countries = useCountryNames().options;
  const labels: Partial<Record<keyof FormValues, MessageDescriptor>> = {
    fullName: m.fullName,
    dateOfBirth: m.dateOfBirth,
    email: m.email,
    phone: m.phone,
    passportNumber: m.passport,
    nationality: m.nationality,
    residencyCountry: m.residency,
    englishLevel: m.englishLevel,
  };
  const text = (name: keyof FormValues) => ({
    name,
    value: values[name],
    error:
      errorText(errors[name], { field: labels[name] && intl.formatMessage(labels[name]) }) ||
      undefined,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-lg font-semibold text-ink">
        {intl.formatMessage(m.legend)}
      </legend>
      <TextField
        label={intl.formatMessage(m.fullName)}
        autoComplete="name"
        required
        maxLength={200}
        {...text('fullName')}
      />
      <TextField
        label={intl.formatMessage(m.dateOfBirth)}
        type="date"
        required
        max={yearsAgoIso(minApplicantAge)}
        hint={intl.formatMessage(
          { id: 'application.personal.ageHint', defaultMessage: 'You must be at least {age}.' },
          { age: minApplicantAge },
        )}
        {...text('dateOfBirth')}
      />
      <TextField
        label={intl.formatMessage(m.email)}
        type="email"
        dir="ltr"
        autoComplete="email"
        required
        maxLength={254}
        {...text('email')}
      />
      <TextField
        label={intl.formatMessage(m.phone)}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        required
        maxLength={40}
        hint={
          <FormattedMessage
            id="application.personal.phoneHint"
            defaultMessage="With your country code, e.g. {example}."
            values={{
              example: (
                <span dir="ltr" className="inline-block">
                  +44 20 7946 0958
                </span>
              ),
            }}
          />
        }
        {...text('phone')}
      />
      <TextField
        label={intl.formatMessage(m.passport)}
        dir="ltr"
        required
        maxLength={40}
        autoComplete="off"
        {...text('passportNumber')}
      />
      <SelectField label={intl.formatMessage(m.nationality)} required {...text('nationality')}>
        <option value="">{intl.formatMessage(m.chooseCountry)}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={intl.formatMessage(m.residency)} required {...text('residencyCountry')}>
        <option value="">{intl.formatMessage(m.chooseCountry)}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={intl.formatMessage(m.englishLevel)} required {...text('englishLevel')}>
        <option value="">{intl.formatMessage(m.chooseLevel)}</option>
        {englishLevels.map((level) => (
          <option key={level} value={level}>
            {intl.formatMessage(levels[level])}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
