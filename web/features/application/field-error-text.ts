import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';

/**
 * The shared schema's messages (and the form's own file checks) in the reader's language. The
 * schema, the server's checks and what is stored stay as they are: each English message the
 * schema gives is matched here to its translation. English shows the schema's words unchanged; a
 * message not listed here (a new rule) shows as the schema wrote it.
 */
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

const exact = defineMessages({
  'Full name is required': {
    id: 'application.error.fullNameRequired',
    defaultMessage: 'Full name is required',
  },
  'Date of birth is required': {
    id: 'application.error.dateOfBirthRequired',
    defaultMessage: 'Date of birth is required',
  },
  'Email is required': {
    id: 'application.error.emailRequired',
    defaultMessage: 'Email is required',
  },
  'Phone is required': {
    id: 'application.error.phoneRequired',
    defaultMessage: 'Phone is required',
  },
  'Passport number is required': {
    id: 'application.error.passportRequired',
    defaultMessage: 'Passport number is required',
  },
  'Nationality is required': {
    id: 'application.error.nationalityRequired',
    defaultMessage: 'Nationality is required',
  },
  'Country of residence is required': {
    id: 'application.error.residencyRequired',
    defaultMessage: 'Country of residence is required',
  },
  'English level is required': {
    id: 'application.error.englishLevelRequired',
    defaultMessage: 'English level is required',
  },
  'Application ID is required': {
    id: 'application.error.applicationIdRequired',
    defaultMessage: 'Application ID is required',
  },
  'Application ID is too long': {
    id: 'application.error.applicationIdTooLong',
    defaultMessage: 'Application ID is too long',
  },
  'Date of birth cannot be in the future': {
    id: 'application.error.birthInFuture',
    defaultMessage: 'Date of birth cannot be in the future',
  },
  'You must be at least 14 years old to apply': {
    id: 'application.error.tooYoung',
    defaultMessage: 'You must be at least 14 years old to apply',
  },
  'Enter your real date of birth': {
    id: 'application.error.realBirthDate',
    defaultMessage: 'Enter your real date of birth',
  },
  'Enter a valid email address, e.g. name@example.com': {
    id: 'application.error.emailInvalid',
    defaultMessage: 'Enter a valid email address, e.g. name@example.com',
  },
  'Enter a valid phone number with its country code, e.g. +44 20 7946 0958': {
    id: 'application.error.phoneInvalid',
    defaultMessage: 'Enter a valid phone number with its country code, e.g. +44 20 7946 0958',
  },
  'Passport number must be 5 to 20 letters or digits': {
    id: 'application.error.passportInvalid',
    defaultMessage: 'Passport number must be 5 to 20 letters or digits',
  },
  'Choose a country from the list': {
    id: 'application.error.countryFromList',
    defaultMessage: 'Choose a country from the list',
  },
  'Choose an English level from the list': {
    id: 'application.error.levelFromList',
    defaultMessage: 'Choose an English level from the list',
  },
  'Answer yes or no': { id: 'application.error.yesNo', defaultMessage: 'Answer yes or no' },
  'Planned test date cannot be in the past': {
    id: 'application.error.testDatePast',
    defaultMessage: 'Planned test date cannot be in the past',
  },
  'Choose a date within the next 3 years': {
    id: 'application.error.testDateTooFar',
    defaultMessage: 'Choose a date within the next 3 years',
  },
  'Choose a program first': {
    id: 'application.error.programFirst',
    defaultMessage: 'Choose a program first',
  },
  'Pick exactly 3 universities': {
    id: 'application.error.exactlyThree',
    defaultMessage: 'Pick exactly 3 universities',
  },
  'Each university can be picked once': {
    id: 'application.error.pickedOnce',
    defaultMessage: 'Each university can be picked once',
  },
});

/** "<field> must …": the field's name stands in apposition, so no sentence agrees with a pasted noun. */
const about = defineMessages({
  tooLong: {
    id: 'application.error.tooLong',
    defaultMessage: '{field} must be at most {max} characters',
  },
  notText: { id: 'application.error.notText', defaultMessage: '{field} must be text' },
  dateFormat: {
    id: 'application.error.dateFormat',
    defaultMessage: '{field} must be a date such as 2001-04-23',
  },
  notDate: { id: 'application.error.notDate', defaultMessage: '{field} must be a date' },
  notRealDate: {
    id: 'application.error.notRealDate',
    defaultMessage: '{field} must be a real date',
  },
  fileType: {
    id: 'application.error.fileType',
    defaultMessage: '{field} must be a PDF, JPG or PNG file',
  },
  fileTooLarge: {
    id: 'application.error.fileTooLarge',
    defaultMessage: '{field} is larger than {max} MB',
  },
  fileEmpty: { id: 'application.error.fileEmpty', defaultMessage: '{field} is an empty file' },
});

const patterns: { pattern: RegExp; message: MessageDescriptor; hasMax?: boolean }[] = [
  { pattern: /^(.+) must be at most (\d+) characters$/, message: about.tooLong, hasMax: true },
  { pattern: /^(.+) must be text$/, message: about.notText },
  { pattern: /^(.+) must be a date such as 2001-04-23$/, message: about.dateFormat },
  { pattern: /^(.+) must be a date$/, message: about.notDate },
  { pattern: /^(.+) must be a real date$/, message: about.notRealDate },
  { pattern: /^(.+) must be a PDF, JPG or PNG file$/, message: about.fileType },
  { pattern: /^(.+) is larger than (\d+) MB$/, message: about.fileTooLarge, hasMax: true },
  { pattern: /^(.+) is an empty file$/, message: about.fileEmpty },
];

export function useFieldErrorText(): (message: string | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (message) => {
      if (!message) return message;
      const known = exact[message as keyof typeof exact];
      if (known) return intl.formatMessage(known);
      for (const { pattern, message: descriptor, hasMax } of patterns) {
        const match = pattern.exec(message);
        const field = match && fields[match[1] as keyof typeof fields];
        if (match && field) {
          return intl.formatMessage(descriptor, {
            field: intl.formatMessage(field),
            ...(hasMax ? { max: Number(match[2]) } : {}),
          });
        }
      }
      return message;
    },
    [intl],
  );
}

/**
 * A field's or document's name as the server writes it ("Passport Copy") in the reader's language;
 * a name not listed as it came. `inSentence`: English writes it in lower case inside a sentence
 * ("Send your passport copy"); the other languages' messages quote it, so it stays as it is.
 */
export function useFieldName(): (name: string, options?: { inSentence?: boolean }) => string {
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

/**
 * A message from the server on the applicant's screens: translated when listed above; otherwise
 * English readers see it as it came and the other languages see `fallback`, already translated.
 */
export function useServerErrorText(): (message: string | undefined, fallback: string) => string {
  const intl = useIntl();
  const errorText = useFieldErrorText();
  return useCallback(
    (message, fallback) => {
      if (!message) return fallback;
      const shown = errorText(message)!;
      return shown !== message || intl.locale.startsWith('en') ? shown : fallback;
    },
    [intl, errorText],
  );
}
