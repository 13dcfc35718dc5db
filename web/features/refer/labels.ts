import { defineMessages } from 'react-intl';

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
  studentLanguage: {
    id: 'refer.field.studentLanguage',
    defaultMessage: 'Language we write to the student in',
  },
});
