import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';

/** The names of an application's fields and documents, as the server names them ("Passport Copy"). */
const fields = defineMessages({
  'Full name': { id: 'application.error.field.fullName', defaultMessage: 'Full name' },
  'Date of birth': { id: 'application.error.field.dateOfBirth', defaultMessage: 'Date of birth' },
  Email: { id: 'application.error.field.email', defaultMessage: 'Email' },
  Phone: { id: 'application.error.field.phone', defaultMessage: 'Phone' },
  'Passport number': {
    id: 'application.error.field.passportNumber',
    defaultMessage: 'Passport number',
  },
  'Planned test date': {
    id: 'application.error.field.plannedTestDate',
    defaultMessage: 'Planned test date',
  },
  'Application ID': {
    id: 'application.error.field.applicationId',
    defaultMessage: 'Application ID',
  },
  Certification: { id: 'application.error.field.certification', defaultMessage: 'Certification' },
  'Passport Copy': { id: 'application.error.field.passportCopy', defaultMessage: 'Passport Copy' },
  Transcripts: { id: 'application.error.field.transcripts', defaultMessage: 'Transcripts' },
  'Personal Statement': {
    id: 'application.error.field.personalStatement',
    defaultMessage: 'Personal Statement',
  },
  CV: { id: 'application.error.field.cv', defaultMessage: 'CV' },
  // what staff can ask for after submission (issue 12)
  'English Test Certificate': {
    id: 'application.error.field.englishTestCertificate',
    defaultMessage: 'English Test Certificate',
  },
  'Financial Evidence': {
    id: 'application.error.field.financialEvidence',
    defaultMessage: 'Financial Evidence',
  },
  'Reference Letter': {
    id: 'application.error.field.referenceLetter',
    defaultMessage: 'Reference Letter',
  },
  'Other Document': {
    id: 'application.error.field.otherDocument',
    defaultMessage: 'Other Document',
  },
  Information: { id: 'application.error.field.information', defaultMessage: 'Information' },
});

/** The application form's fields by their key, as a refusal's `issues` names them. */
export const applicationFieldNames: Record<string, MessageDescriptor> = {
  fullName: fields['Full name'],
  dateOfBirth: fields['Date of birth'],
  email: fields.Email,
  phone: fields.Phone,
  passportNumber: fields['Passport number'],
  plannedTestDate: fields['Planned test date'],
  certification: fields.Certification,
  passportCopy: fields['Passport Copy'],
  transcripts: fields.Transcripts,
  personalStatement: fields['Personal Statement'],
  cv: fields.CV,
};

/**
 * A field's or document's name as the server writes it ("Passport Copy") in the reader's language;
 * a name not listed as it came. `inSentence`: English writes it in lower case inside a sentence
 * ("Send your passport copy"); the other languages' messages quote it, so it stays as it is.
 */
export function useDocumentName(): (name: string, options?: { inSentence?: boolean }) => string {
  const intl = useIntl();
  return useCallback(
    (name, options) => {
      if (intl.locale.startsWith('en')) return options?.inSentence ? name.toLowerCase() : name;
      return Object.hasOwn(fields, name)
        ? intl.formatMessage(fields[name as keyof typeof fields])
        : name;
    },
    [intl],
  );
}
