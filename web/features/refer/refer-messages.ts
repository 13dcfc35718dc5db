import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { localeInfo } from '../../../shared/locales';
import { phoneExample } from '../../../shared/schemas/contact';
import { studentContactMissing } from '../../../shared/schemas/referral';

/** The forms' field labels; the shared schema names the same fields in English in its messages. */
export const labels = defineMessages({
  yourName: { id: 'refer.field.yourName', defaultMessage: 'Your name' },
  contactName: { id: 'refer.field.contactName', defaultMessage: 'Contact Name' },
  businessName: { id: 'refer.field.businessName', defaultMessage: 'Business Name' },
  country: { id: 'refer.field.country', defaultMessage: 'Country' },
  phone: { id: 'refer.field.phone', defaultMessage: 'Phone' },
  email: { id: 'refer.field.email', defaultMessage: 'Email' },
  studentName: { id: 'refer.field.studentName', defaultMessage: 'Student’s name' },
  studentEmail: { id: 'refer.field.studentEmail', defaultMessage: 'Student’s e-mail' },
  studentPhone: { id: 'refer.field.studentPhone', defaultMessage: 'Student’s phone' },
  studyInterest: { id: 'refer.field.studyInterest', defaultMessage: 'What they want to study' },
});

const required = defineMessages({
  yourName: { id: 'refer.error.required.yourName', defaultMessage: 'Your name is required' },
  contactName: {
    id: 'refer.error.required.contactName',
    defaultMessage: 'Contact Name is required',
  },
  businessName: {
    id: 'refer.error.required.businessName',
    defaultMessage: 'Business Name is required',
  },
  country: { id: 'refer.error.required.country', defaultMessage: 'Country is required' },
  phone: { id: 'refer.error.required.phone', defaultMessage: 'Phone is required' },
  email: { id: 'refer.error.required.email', defaultMessage: 'Email is required' },
  studentName: {
    id: 'refer.error.required.studentName',
    defaultMessage: 'Student’s name is required',
  },
  studyInterest: {
    id: 'refer.error.required.studyInterest',
    defaultMessage: 'What they want to study is required',
  },
});

const problems: Record<
  'tooLong' | 'chooseCountry' | 'phone' | 'email' | 'studentContact',
  MessageDescriptor
> = defineMessages({
  tooLong: {
    id: 'refer.error.tooLong',
    defaultMessage: '{field} must be at most {max, number} characters',
  },
  chooseCountry: {
    id: 'refer.error.chooseCountry',
    defaultMessage: 'Choose a country from the list',
  },
  phone: {
    id: 'refer.error.phone',
    defaultMessage: 'Enter a valid phone number with its country code, e.g. {example}',
  },
  email: { id: 'refer.error.email', defaultMessage: 'Enter a valid email address, e.g. {example}' },
  studentContact: {
    id: 'refer.error.studentContact',
    defaultMessage: 'Give the student’s e-mail or phone, so we can reach them',
  },
});

type LabelKey = keyof typeof labels;
/**
 * The schema's English name of each field (shared/schemas/referral.ts, contact.ts), as its messages
 * begin ("Your name is required"). Written out: the browser's build keeps no English defaults.
 */
const labelOf: Record<string, LabelKey> = {
  'Your name': 'yourName',
  'Contact Name': 'contactName',
  'Business Name': 'businessName',
  Country: 'country',
  Phone: 'phone',
  Email: 'email',
  'Student’s name': 'studentName',
  'Student’s e-mail': 'studentEmail',
  'Student’s phone': 'studentPhone',
  'What they want to study': 'studyInterest',
};

/**
 * The shared zod schema's English messages (and the same from the server's field errors) in the
 * reader's language. An unknown message is shown as it came.
 */
export function translateFieldError(
  intl: IntlShape,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  // in a right-to-left sentence the example keeps its own order (left-to-right isolate)
  const isRtl = Object.values(localeInfo).some(
    (info) => info.tag === intl.locale && info.dir === 'rtl',
  );
  const ltr = (text: string) => (isRtl ? `\u2066${text}\u2069` : text);
  if (message === studentContactMissing) return intl.formatMessage(problems.studentContact);
  if (message === 'Choose a country from the list')
    return intl.formatMessage(problems.chooseCountry);
  if (message.startsWith('Enter a valid phone number'))
    return intl.formatMessage(problems.phone, { example: ltr(phoneExample) });
  if (message.startsWith('Enter a valid email address'))
    return intl.formatMessage(problems.email, { example: ltr('name@example.com') });
  const missing = /^(.+) (?:is required|must be text)$/.exec(message);
  const missingKey = missing ? labelOf[missing[1]!] : undefined;
  if (missingKey && missingKey in required)
    return intl.formatMessage(required[missingKey as keyof typeof required]);
  const long = /^(.+) must be at most (\d+) characters$/.exec(message);
  const longKey = long ? labelOf[long[1]!] : undefined;
  if (long && longKey)
    return intl.formatMessage(problems.tooLong, {
      field: intl.formatMessage(labels[longKey]),
      max: Number(long[2]),
    });
  return message;
}
