import { documentLabel, type DocumentKey } from '../../../shared/schemas/application';
import { FileField } from './file-field';
import type { FieldErrors, FormFiles } from './form-values';

const optionalDocuments: { key: DocumentKey; hint: string }[] = [
  { key: 'passportCopy', hint: 'The photo page of your passport.' },
  { key: 'transcripts', hint: 'Your academic transcripts.' },
  { key: 'personalStatement', hint: 'Why you want to study this program.' },
  { key: 'cv', hint: 'Your CV or résumé.' },
];

/** D6: what UK universities ask for; all optional, same file types as the certification. */
export function DocumentFields({
  files,
  errors,
  maxMb,
  onFile,
}: {
  files: FormFiles;
  errors: FieldErrors;
  maxMb: number;
  onFile: (key: DocumentKey, file: File | undefined) => void;
}) {
  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <div>
        <h2 id="documents-heading" className="text-lg font-semibold text-ink">
          Supporting documents (optional)
        </h2>
        <p className="text-sm text-muted">PDF, JPG or PNG, up to {maxMb} MB each. You can also send them to us later.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {optionalDocuments.map(({ key, hint }) => (
          <FileField
            key={key}
            name={key}
            label={`${documentLabel(key)} (optional)`}
            hint={hint}
            file={files[key]}
            error={errors[key]}
            onChange={(file) => onFile(key, file)}
          />
        ))}
      </div>
    </section>
  );
}
