import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { intakes, ukRegions } from '../../../shared/catalogue-values';
import { useCatalogueText } from '../../lib/catalogue-text';
import {
  degreeClasses,
  guidanceProfile,
  ieltsBands,
  type GuidanceProfile,
} from '../../../shared/schemas/guidance';
import { useSchemaForm } from '../../lib/schema-form';

export const emptyProfile = {
  level: 'Masters' as const,
  subjects: '',
  budgetGbp: '' as unknown as null,
  ielts: '' as unknown as null,
  qualification: '',
  regions: [] as GuidanceProfile['regions'],
  intake: '' as unknown as null,
};

/** The shared schema's English messages (shared/schemas/guidance.ts), in the reader's language. */
const schemaErrors: Record<string, MessageDescriptor> = defineMessages({
  'At most 200 characters': {
    id: 'guide.error.subjectsLong',
    defaultMessage: 'At most 200 characters',
  },
  'Enter a whole number of pounds': {
    id: 'guide.error.budgetWhole',
    defaultMessage: 'Enter a whole number of pounds',
  },
  'Enter at least £1,000': {
    id: 'guide.error.budgetMin',
    defaultMessage: 'Enter at least {amount, number, gbp}',
  },
  'Enter at most £200,000': {
    id: 'guide.error.budgetMax',
    defaultMessage: 'Enter at most {amount, number, gbp}',
  },
  'Choose your IELTS band or "Not yet"': {
    id: 'guide.error.ielts',
    defaultMessage: 'Choose your IELTS band or “Not yet taken”',
  },
  'Choose the class of your degree': {
    id: 'guide.error.degree',
    defaultMessage: 'Choose the class of your degree',
  },
  'Write your A-level grades, such as AAB': {
    id: 'guide.error.alevels',
    defaultMessage: 'Write your A-level grades, such as AAB',
  },
});
const amounts: Record<string, number> = {
  'Enter at least £1,000': 1000,
  'Enter at most £200,000': 200_000,
};

/** The UK degree classes in the reader's words; the value sent stays the class's code. */
const degreeNames: Record<(typeof degreeClasses)[number], MessageDescriptor> = defineMessages({
  First: { id: 'guide.degree.first', defaultMessage: 'First-class honours' },
  '2:1': { id: 'guide.degree.upperSecond', defaultMessage: 'Upper second-class (2:1)' },
  '2:2': { id: 'guide.degree.lowerSecond', defaultMessage: 'Lower second-class (2:2)' },
  Third: { id: 'guide.degree.third', defaultMessage: 'Third-class honours' },
});

const m = defineMessages({
  level: { id: 'guide.form.level', defaultMessage: 'Study level' },
  subjects: { id: 'guide.form.subjects', defaultMessage: 'Subjects you want to study' },
  subjectsHint: {
    id: 'guide.form.subjectsHint',
    defaultMessage: 'In your own words, e.g. cyber security, business analytics',
  },
  budget: { id: 'guide.form.budget', defaultMessage: 'Budget for tuition per year (£, optional)' },
  ielts: { id: 'guide.form.ielts', defaultMessage: 'Your IELTS overall score' },
  notTaken: { id: 'guide.form.notTaken', defaultMessage: 'Not yet taken' },
  degree: { id: 'guide.form.degree', defaultMessage: 'Your degree class (or expected)' },
  choose: { id: 'guide.form.choose', defaultMessage: 'Choose…' },
  alevels: { id: 'guide.form.alevels', defaultMessage: 'Your A-level grades (or predicted)' },
  alevelsHint: { id: 'guide.form.alevelsHint', defaultMessage: 'Such as AAB' },
  intake: { id: 'guide.form.intake', defaultMessage: 'Intake' },
  anyIntake: { id: 'guide.form.anyIntake', defaultMessage: 'Any intake' },
  regions: { id: 'guide.form.regions', defaultMessage: 'Regions you prefer (optional)' },
  busy: { id: 'guide.form.busy', defaultMessage: 'Finding programs…' },
  submit: { id: 'guide.form.submit', defaultMessage: 'Find my programs' },
});

export function GuideForm({
  onSubmit,
  isBusy,
}: {
  onSubmit: (profile: GuidanceProfile) => void;
  isBusy: boolean;
}) {
  const intl = useIntl();
  const says = useCatalogueText();
  const form = useSchemaForm(guidanceProfile, emptyProfile);
  const errors = form.formState.errors;
  const level = form.watch('level');
  const submit = form.handleSubmit((profile) => onSubmit(profile));
  const t = (message: string | undefined) => {
    if (!message) return undefined;
    const known = schemaErrors[message];
    return known ? intl.formatMessage(known, { amount: amounts[message] ?? 0 }) : message;
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm"
    >
      <fieldset>
        <legend className="text-sm font-medium text-ink">{intl.formatMessage(m.level)}</legend>
        <div className="mt-2 flex gap-5">
          {(['Bachelors', 'Masters'] as const).map((value) => (
            <label key={value} className="flex min-h-6 items-center gap-2">
              <input
                type="radio"
                value={value}
                {...form.register('level')}
                className="size-4 accent-brand-700"
              />
              {says.level(value)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={intl.formatMessage(m.subjects)}
        hint={intl.formatMessage(m.subjectsHint)}
        {...form.register('subjects')}
        error={t(errors.subjects?.message)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={intl.formatMessage(m.budget)}
          inputMode="numeric"
          {...form.register('budgetGbp')}
          error={t(errors.budgetGbp?.message)}
        />
        <SelectField
          label={intl.formatMessage(m.ielts)}
          {...form.register('ielts')}
          error={t(errors.ielts?.message)}
        >
          <option value="">{intl.formatMessage(m.notTaken)}</option>
          {ieltsBands.map((band) => (
            <option key={band} value={band}>
              {intl.formatNumber(Number(band), {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              })}
            </option>
          ))}
        </SelectField>
        {level === 'Masters' ? (
          <SelectField
            label={intl.formatMessage(m.degree)}
            {...form.register('qualification')}
            error={t(errors.qualification?.message)}
          >
            <option value="">{intl.formatMessage(m.choose)}</option>
            {degreeClasses.map((c) => (
              <option key={c} value={c}>
                {intl.formatMessage(degreeNames[c])}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={intl.formatMessage(m.alevels)}
            hint={intl.formatMessage(m.alevelsHint)}
            {...form.register('qualification')}
            error={t(errors.qualification?.message)}
          />
        )}
        <SelectField
          label={intl.formatMessage(m.intake)}
          {...form.register('intake')}
          error={t(errors.intake?.message)}
        >
          <option value="">{intl.formatMessage(m.anyIntake)}</option>
          {intakes.map((month) => (
            <option key={month} value={month}>
              {says.month(month)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">{intl.formatMessage(m.regions)}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {ukRegions.map((region) => (
            <label key={region} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={region}
                {...form.register('regions')}
                className="size-4 accent-brand-700"
              />
              {says.region(region)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? <FormattedMessage {...m.busy} /> : <FormattedMessage {...m.submit} />}
      </Button>
    </form>
  );
}
