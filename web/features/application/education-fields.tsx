import { useFieldArray, useFormContext } from 'react-hook-form';
import { untyped } from './untyped-messages';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { SelectField, TextField } from '../../components/field';
import { Button } from '../../components/button';
import { detailLimits } from '../../../shared/schemas/application-details';
import { useErrorText } from '../../lib/error-text';
import { emptyEducation, type DetailValues } from './details-values';
import { useDetailField } from './detail-field';
import { useCountryNames } from '../../lib/use-country-names';

const m = untyped(
  defineMessages({
    heading: { id: 'application.education.heading', defaultMessage: 'Education' },
    note: {
      id: 'application.education.note',
      defaultMessage:
        'Your schools, colleges and universities, most recent first. Add at least one.',
    },
    entry: { id: 'application.education.entry', defaultMessage: 'Education {number}' },
    institution: { id: 'application.education.institution', defaultMessage: 'Institution' },
    country: { id: 'application.education.country', defaultMessage: 'Country' },
    chooseCountry: { id: 'application.personal.chooseCountry', defaultMessage: 'Choose a country' },
    qualification: {
      id: 'application.education.qualification',
      defaultMessage: 'Qualification (e.g. BSc, A levels, high school diploma)',
    },
    subject: { id: 'application.education.subject', defaultMessage: 'Subject' },
    grade: { id: 'application.education.grade', defaultMessage: 'Grade' },
    gradeScale: {
      id: 'application.education.gradeScale',
      defaultMessage: 'Grade scale (e.g. out of 4.0, percentage, UK class)',
    },
    gradeExpected: {
      id: 'application.education.gradeExpected',
      defaultMessage: 'This is my expected grade (I am still studying)',
    },
    startYear: { id: 'application.education.startYear', defaultMessage: 'Start year' },
    endYear: {
      id: 'application.education.endYear',
      defaultMessage: 'End year (or expected)',
    },
    add: { id: 'application.education.add', defaultMessage: 'Add another school or university' },
    remove: { id: 'application.education.remove', defaultMessage: 'Remove education {number}' },
  }),
);

/** Issue 25 §3: one or more entries, at least one required (the shared schema says so). */
export function EducationFields() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { control, register, formState } = useFormContext<DetailValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'education' });
  const field = useDetailField();
  const countries = useCountryNames().options;
  const listError = formState.errors.education?.root ?? formState.errors.education;
  const listMessage =
    listError && 'type' in listError && typeof listError.type === 'string'
      ? errorText(listError)
      : '';
  return (
    <section aria-labelledby="education-heading" className="space-y-4">
      <div>
        <h2 id="education-heading" className="text-lg font-semibold text-ink">
          {intl.formatMessage(m.heading)}
        </h2>
        <p className="text-sm text-muted">{intl.formatMessage(m.note)}</p>
        {listMessage && (
          <p className="mt-1 text-sm font-medium text-red-700" role="alert">
            {listMessage}
          </p>
        )}
      </div>
      {fields.map((entry, index) => {
        const number = index + 1;
        const name = <K extends keyof typeof emptyEducation>(k: K) =>
          `education.${index}.${k}` as const;
        return (
          <fieldset key={entry.id} className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-ink">
              {intl.formatMessage(m.entry, { number })}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field(name('institution'), intl.formatMessage(m.institution))} />
              <SelectField {...field(name('country'), intl.formatMessage(m.country))}>
                <option value="">{intl.formatMessage(m.chooseCountry)}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              <TextField {...field(name('qualification'), intl.formatMessage(m.qualification))} />
              <TextField {...field(name('subject'), intl.formatMessage(m.subject))} />
              <TextField {...field(name('grade'), intl.formatMessage(m.grade))} />
              <TextField {...field(name('gradeScale'), intl.formatMessage(m.gradeScale))} />
              <TextField
                {...field(name('startYear'), intl.formatMessage(m.startYear))}
                inputMode="numeric"
                autoComplete="off"
              />
              <TextField
                {...field(name('endYear'), intl.formatMessage(m.endYear))}
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                value="yes"
                {...register(name('gradeExpected'))}
              />
              {intl.formatMessage(m.gradeExpected)}
            </label>
            {fields.length > 1 && (
              <Button type="button" variant="secondary" onClick={() => remove(index)}>
                {intl.formatMessage(m.remove, { number })}
              </Button>
            )}
          </fieldset>
        );
      })}
      {fields.length < detailLimits.education && (
        <Button type="button" variant="secondary" onClick={() => append({ ...emptyEducation })}>
          <FormattedMessage {...m.add} />
        </Button>
      )}
    </section>
  );
}
