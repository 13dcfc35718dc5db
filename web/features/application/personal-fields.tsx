import { SelectField, TextField } from '../../components/field';
import { countryOptions } from '../../../shared/countries';
import { englishLevels, minApplicantAge } from '../../../shared/schemas/application';
import { yearsAgoIso, type FieldErrors, type FormValues } from './form-values';

const levelLabel = (level: string) => level.charAt(0).toUpperCase() + level.slice(1);

export function PersonalFields({
  values,
  errors,
  onChange,
}: {
  values: FormValues;
  errors: FieldErrors;
  onChange: (name: keyof FormValues, value: string) => void;
}) {
  const text = (name: keyof FormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-lg font-semibold text-ink">About you</legend>
      <TextField label="Full name" autoComplete="name" required maxLength={200} {...text('fullName')} />
      <TextField
        label="Date of birth"
        type="date"
        required
        max={yearsAgoIso(minApplicantAge)}
        hint={`You must be at least ${minApplicantAge}.`}
        {...text('dateOfBirth')}
      />
      <TextField label="Email" type="email" autoComplete="email" required maxLength={254} {...text('email')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={40}
        hint="With your country code, e.g. +44 20 7946 0958."
        {...text('phone')}
      />
      <TextField label="Passport number" required maxLength={40} autoComplete="off" {...text('passportNumber')} />
      <SelectField label="Nationality" required {...text('nationality')}>
        <option value="">Choose a country</option>
        {countryOptions.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Country of residence" required {...text('residencyCountry')}>
        <option value="">Choose a country</option>
        {countryOptions.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="English level" required {...text('englishLevel')}>
        <option value="">Choose your level</option>
        {englishLevels.map((level) => (
          <option key={level} value={level}>
            {levelLabel(level)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
