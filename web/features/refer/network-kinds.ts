import { partnershipInput, referralInput } from '../../../shared/schemas/referral';

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
};

/** What differs between the two forms: labels, the API path and the body the shared schema checks. */
export const networkKinds = {
  student: {
    title: 'Refer a Student',
    formTitle: 'Refer a Student',
    nameLabel: 'Your name',
    endpoint: '/api/referrals',
    meetingRoom: 'Student Referral',
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
    }),
    fieldOf: (apiField: string) => apiField,
  },
  partner: {
    title: 'Partner with Us',
    formTitle: 'Partner with Us',
    nameLabel: 'Contact Name',
    endpoint: '/api/partnerships',
    meetingRoom: 'Partnership',
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
