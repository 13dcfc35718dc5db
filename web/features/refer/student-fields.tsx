import type { UseFormRegister } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { SelectField, TextField } from '../../components/field';
import { localeInfo, locales } from '../../../shared/locales';
import { phoneExample } from '../../../shared/schemas/contact';
import type { NetworkFormValues } from './network-kinds';
import { labels } from './labels';

/** The student a referral is about: a name, an e-mail or a phone, and what they want to study. */
export function StudentFields({
  register,
  error,
}: {
  register: UseFormRegister<NetworkFormValues>;
  error: (field: keyof NetworkFormValues) => string | undefined;
}) {
  const intl = useIntl();
  const phoneHint = (
    <FormattedMessage
      id="refer.form.phoneHint"
      defaultMessage="With the country code, e.g. {example}"
      values={{ example: <bdi dir="ltr">{phoneExample}</bdi> }}
    />
  );
  return (
    <>
      <h3 className="pt-2 text-lg font-semibold">
        <FormattedMessage id="refer.form.theStudent" defaultMessage="The student" />
      </h3>
      <TextField
        label={intl.formatMessage(labels.studentName)}
        required
        maxLength={200}
        {...register('studentName')}
        error={error('studentName')}
      />
      <TextField
        label={intl.formatMessage(labels.studentEmail)}
        type="email"
        maxLength={254}
        {...register('studentEmail')}
        error={error('studentEmail')}
        hint={intl.formatMessage({
          id: 'refer.form.studentEmailHint',
          defaultMessage: 'An e-mail or a phone (or both).',
        })}
      />
      <TextField
        label={intl.formatMessage(labels.studentPhone)}
        type="tel"
        maxLength={40}
        {...register('studentPhone')}
        error={error('studentPhone')}
        hint={phoneHint}
      />
      <TextField
        label={intl.formatMessage(labels.studyInterest)}
        required
        maxLength={300}
        {...register('studyInterest')}
        error={error('studyInterest')}
        hint={intl.formatMessage({
          id: 'refer.form.studyInterestHint',
          defaultMessage: 'A subject, a level or a program, e.g. MSc Data Science.',
        })}
      />
      <SelectField
        label={intl.formatMessage(labels.studentLanguage)}
        {...register('studentLanguage')}
        error={error('studentLanguage')}
        hint={intl.formatMessage({
          id: 'refer.form.studentLanguageHint',
          defaultMessage: 'Our invitation to apply is written in this language.',
        })}
      >
        <option value="">
          {intl.formatMessage({
            id: 'refer.form.sameLanguage',
            defaultMessage: 'The language of this page',
          })}
        </option>
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={localeInfo[locale].tag}>
            {localeInfo[locale].nativeName}
          </option>
        ))}
      </SelectField>
    </>
  );
}
