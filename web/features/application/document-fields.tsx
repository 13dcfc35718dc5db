import { untyped } from './untyped-messages';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { DocumentKey } from '../../../shared/schemas/application';
import { useErrorText } from '../../lib/error-text';
import { FileField } from '../../components/file-field';
import { slotName, type FieldErrors, type FormFiles } from './form-values';
import { detailLimits } from '../../../shared/schemas/application-details';
import { applicationFieldNames } from '../../lib/document-names';
import type { DraftFile } from '../../../shared/schemas/draft';

const m = untyped(
  defineMessages({
    passportCopy: {
      id: 'application.documents.passportCopy',
      defaultMessage: 'Passport Copy (optional)',
    },
    passportCopyHint: {
      id: 'application.documents.passportCopyHint',
      defaultMessage: 'The photo page of your passport.',
    },
    transcripts: {
      id: 'application.documents.transcripts',
      defaultMessage: 'Transcripts (optional)',
    },
    transcriptsHint: {
      id: 'application.documents.transcriptsHint',
      defaultMessage: 'Your academic transcripts.',
    },
    personalStatement: {
      id: 'application.documents.personalStatement',
      defaultMessage: 'Personal Statement (optional)',
    },
    personalStatementHint: {
      id: 'application.documents.personalStatementHint',
      defaultMessage: 'Why you want to study this program.',
    },
    cv: { id: 'application.documents.cv', defaultMessage: 'CV (optional)' },
    cvHint: { id: 'application.documents.cvHint', defaultMessage: 'Your CV or résumé.' },
    another: {
      id: 'application.documents.another',
      defaultMessage: '{document}: another file (optional)',
    },
    anotherHint: {
      id: 'application.documents.anotherHint',
      defaultMessage: 'For example your degree certificate beside your transcript.',
    },
  }),
);

const optionalDocuments: { key: DocumentKey; label: MessageDescriptor; hint: MessageDescriptor }[] =
  [
    { key: 'passportCopy', label: m.passportCopy, hint: m.passportCopyHint },
    { key: 'transcripts', label: m.transcripts, hint: m.transcriptsHint },
    { key: 'personalStatement', label: m.personalStatement, hint: m.personalStatementHint },
    { key: 'cv', label: m.cv, hint: m.cvHint },
  ];

/** D6: what UK universities ask for; all optional, same file types as the certification. */
export function DocumentFields({
  files,
  remembered,
  errors,
  maxMb,
  onFile,
}: {
  files: FormFiles;
  remembered: DraftFile[];
  errors: FieldErrors;
  maxMb: number;
  onFile: (slot: string, file: File | undefined) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <div>
        <h2 id="documents-heading" className="text-lg font-semibold text-ink">
          <FormattedMessage
            id="application.documents.heading"
            defaultMessage="Supporting documents (optional)"
          />
        </h2>
        <p className="text-sm text-muted">
          <FormattedMessage
            id="application.documents.note"
            defaultMessage="PDF, JPG or PNG, up to {maxMb} MB each. You can also send them to us later."
            values={{ maxMb }}
          />
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {optionalDocuments.map(({ key, label, hint }) => {
          const rememberedIn = (part: number) =>
            remembered.find((r) => r.key === key && (r.part ?? 1) === part)?.name;
          // a second and third file of the slot once the one before is chosen (issue 25 §3)
          const parts = [1];
          while (
            parts.length < detailLimits.filesPerSlot &&
            (files[slotName(key, parts.length)] || rememberedIn(parts.length))
          )
            parts.push(parts.length + 1);
          return (
            <div key={key} className="space-y-3">
              {parts.map((part) => {
                const slot = slotName(key, part);
                const name = intl.formatMessage(label);
                const shown =
                  part === 1
                    ? name
                    : intl.formatMessage(m.another, {
                        document: intl.formatMessage(applicationFieldNames[key]!),
                      });
                return (
                  <FileField
                    key={slot}
                    name={slot}
                    label={shown}
                    hint={intl.formatMessage(part === 1 ? hint : m.anotherHint)}
                    file={files[slot]}
                    remembered={rememberedIn(part)}
                    error={errorText(errors[slot], { field: shown }) || undefined}
                    onChange={(file) => onFile(slot, file)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
