import { TextField } from '../../components/field';
import type { DocumentKey } from '../../../shared/schemas/application';
import { FileField } from './file-field';
import type { FieldErrors, FormFiles, FormValues } from './form-values';
import { todayIso } from './form-values';

/** Spec section 5: yes -> an optional certification file; no -> an optional planned test date. */
export function CertificationFields({
  values,
  files,
  errors,
  onChange,
  onFile,
}: {
  values: FormValues;
  files: FormFiles;
  errors: FieldErrors;
  onChange: (name: keyof FormValues, value: string) => void;
  onFile: (key: DocumentKey, file: File | undefined) => void;
}) {
  return (
    <section aria-labelledby="certification-heading" className="space-y-4">
      <h2 id="certification-heading" className="text-lg font-semibold text-ink">
        English language certification
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">
          Do you have an English language certification (such as IELTS or TOEFL)?
        </legend>
        <div className="flex gap-6">
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className="inline-flex cursor-pointer items-center gap-2 text-base text-ink">
              <input
                type="radio"
                name="hasCertification"
                value={answer}
                checked={values.hasCertification === answer}
                onChange={() => onChange('hasCertification', answer)}
                className="size-4 accent-brand-700"
              />
              {answer === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      </fieldset>
      {values.hasCertification === 'yes' ? (
        <FileField
          name="certification"
          label="Certification (optional)"
          hint="Your certificate as a PDF, JPG or PNG."
          file={files.certification}
          error={errors.certification}
          onChange={(file) => onFile('certification', file)}
        />
      ) : (
        <TextField
          label="Planned test date (optional)"
          name="plannedTestDate"
          type="date"
          min={todayIso()}
          value={values.plannedTestDate}
          error={errors.plannedTestDate}
          hint="When you plan to take an English test, if you know."
          onChange={(event) => onChange('plannedTestDate', event.target.value)}
        />
      )}
    </section>
  );
}
