import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { TextField } from '../../components/field';
import { useErrorText } from '../../lib/error-text';
import type { DocumentKey } from '../../../shared/schemas/application';
import { FileField } from '../../components/file-field';
import type { FieldErrors, FormFiles, FormValues } from './form-values';
import { todayIso } from './form-values';
import type { DraftFile } from '../../../shared/schemas/draft';

const m = defineMessages({
  certification: {
    id: 'application.certification.file',
    defaultMessage: 'Certification (optional)',
  },
  certificationHint: {
    id: 'application.certification.fileHint',
    defaultMessage: 'Your certificate as a PDF, JPG or PNG.',
  },
  testDate: {
    id: 'application.certification.testDate',
    defaultMessage: 'Planned test date (optional)',
  },
  testDateHint: {
    id: 'application.certification.testDateHint',
    defaultMessage: 'When you plan to take an English test, if you know.',
  },
});

/** Spec section 5: yes -> an optional certification file; no -> an optional planned test date. */
export function CertificationFields({
  values,
  files,
  remembered,
  errors,
  onChange,
  onFile,
}: {
  values: FormValues;
  files: FormFiles;
  remembered: DraftFile[];
  errors: FieldErrors;
  onChange: (name: keyof FormValues, value: string) => void;
  onFile: (key: DocumentKey, file: File | undefined) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="certification-heading" className="space-y-4">
      <h2 id="certification-heading" className="text-lg font-semibold text-ink">
        <FormattedMessage
          id="application.certification.heading"
          defaultMessage="English language certification"
        />
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">
          <FormattedMessage
            id="application.certification.question"
            defaultMessage="Do you have an English language certification (such as IELTS or TOEFL)?"
          />
        </legend>
        <div className="flex gap-6">
          {(['yes', 'no'] as const).map((answer) => (
            <label
              key={answer}
              className="inline-flex cursor-pointer items-center gap-2 text-base text-ink"
            >
              <input
                type="radio"
                name="hasCertification"
                value={answer}
                checked={values.hasCertification === answer}
                onChange={() => onChange('hasCertification', answer)}
                className="size-4 accent-brand-700"
              />
              {answer === 'yes' ? (
                <FormattedMessage id="application.certification.yes" defaultMessage="Yes" />
              ) : (
                <FormattedMessage id="application.certification.no" defaultMessage="No" />
              )}
            </label>
          ))}
        </div>
      </fieldset>
      {values.hasCertification === 'yes' ? (
        <FileField
          name="certification"
          label={intl.formatMessage(m.certification)}
          hint={intl.formatMessage(m.certificationHint)}
          file={files.certification}
          remembered={remembered.find((r) => r.key === 'certification')?.name}
          error={
            errorText(errors.certification, { field: intl.formatMessage(m.certification) }) ||
            undefined
          }
          onChange={(file) => onFile('certification', file)}
        />
      ) : (
        <TextField
          label={intl.formatMessage(m.testDate)}
          name="plannedTestDate"
          type="date"
          min={todayIso()}
          value={values.plannedTestDate}
          error={
            errorText(errors.plannedTestDate, { field: intl.formatMessage(m.testDate) }) ||
            undefined
          }
          hint={intl.formatMessage(m.testDateHint)}
          onChange={(event) => onChange('plannedTestDate', event.target.value)}
        />
      )}
    </section>
  );
}
