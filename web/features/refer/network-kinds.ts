import { defineMessages } from 'react-intl';
import { partnershipInput, referralInput } from '../../../shared/schemas/referral';
import { labels } from './labels';

const titles = defineMessages({
  student: { id: 'refer.student.title', defaultMessage: 'Refer a Student' },
  partner: { id: 'refer.partner.title', defaultMessage: 'Partner with Us' },
});

export type NetworkKind = 'student' | 'partner';

export interface NetworkFormValues {
  name: string;
  businessName: string;
  country: string;
  phone: string;
  email: string;
  studentName: string;
  studentEmail: string;
  studentPhone: string;
  studyInterest: string;
  studentLanguage: string;
}

export const emptyValues: NetworkFormValues = {
  name: '',
  businessName: '',
  country: '',
  phone: '',
  email: '',
  studentName: '',
  studentEmail: '',
  studentPhone: '',
  studyInterest: '',
  studentLanguage: '',
};

/** What differs between the two forms: labels (messages), the API path and the body the shared schema checks. */
export const networkKinds = {
  student: {
    title: titles.student,
    nameLabel: labels.yourName,
    endpoint: '/api/referrals',
    schema: referralInput,
    body: (v: NetworkFormValues) => ({
      name: v.name,
      country: v.country,
      phone: v.phone,
      email: v.email,
      studentName: v.studentName,
      studentEmail: v.studentEmail,
      studentPhone: v.studentPhone,
      studyInterest: v.studyInterest,
      studentLanguage: v.studentLanguage,
    }),
    fieldOf: (apiField: string) => apiField,
  },
  partner: {
    title: titles.partner,
    nameLabel: labels.contactName,
    endpoint: '/api/partnerships',
    schema: partnershipInput,
    body: (v: NetworkFormValues) => ({
      contactName: v.name,
      businessName: v.businessName,
      country: v.country,
      phone: v.phone,
      email: v.email,
    }),
    fieldOf: (apiField: string) => (apiField === 'contactName' ? 'name' : apiField),
  },
} as const;

export const isNetworkKind = (value: string | null): value is NetworkKind =>
  value === 'student' || value === 'partner';
