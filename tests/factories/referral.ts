import { randomUUID } from 'node:crypto';

export interface ReferralBody {
  name: string;
  country: string;
  phone: string;
  email: string;
  studentName: string;
  studentEmail?: string;
  studentPhone?: string;
  studyInterest: string;
}

export interface PartnershipBody {
  contactName: string;
  businessName: string;
  country: string;
  phone: string;
  email: string;
}

const unique = () => randomUUID().slice(0, 8);

/** A valid referral as the form sends it; a test changes only what it is about. */
export function createReferralInput(overrides: Partial<ReferralBody> = {}): ReferralBody {
  return {
    name: 'Adaeze Obi',
    country: 'NG',
    phone: '+234 803 123 4567',
    email: `referrer-${unique()}@example.com`,
    studentName: 'Chidi Eze',
    studentEmail: `student-${unique()}@example.com`,
    studyInterest: 'MSc Data Science',
    ...overrides,
  };
}

export function createPartnershipInput(overrides: Partial<PartnershipBody> = {}): PartnershipBody {
  return {
    contactName: 'Priya Sharma',
    businessName: 'Bright Futures Education Ltd',
    country: 'IN',
    phone: '+91 98765 43210',
    email: `partner-${unique()}@example.com`,
    ...overrides,
  };
}
