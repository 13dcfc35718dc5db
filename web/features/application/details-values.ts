import type { Resolver } from 'react-hook-form';
import {
  applicationDetailsInput,
  consentVersion,
  scoreParts,
} from '../../../shared/schemas/application-details';
import { schemaResolver } from '../../lib/schema-form';

/** Issue 25 §3's part of the form as typed: every value text, as the inputs hold it. */
export interface EducationValues {
  institution: string;
  country: string;
  qualification: string;
  subject: string;
  grade: string;
  gradeScale: string;
  gradeExpected: 'yes' | 'no';
  startYear: string;
  endYear: string;
}
export interface EnglishTestValues {
  test: string;
  date: string;
  overall: string;
  listening: string;
  reading: string;
  writing: string;
  speaking: string;
}
export interface RefereeValues {
  name: string;
  role: string;
  institution: string;
  email: string;
}
export interface WorkValues {
  employer: string;
  role: string;
  startYear: string;
  endYear: string;
  description: string;
}
export interface DetailValues {
  education: EducationValues[];
  englishTest: EnglishTestValues;
  referees: RefereeValues[];
  workExperience: WorkValues[];
  personalStatementText: string;
  consent: boolean;
  consentVersion: string;
}

export const emptyEducation: EducationValues = {
  institution: '',
  country: '',
  qualification: '',
  subject: '',
  grade: '',
  gradeScale: '',
  gradeExpected: 'no',
  startYear: '',
  endYear: '',
};
export const emptyReferee: RefereeValues = { name: '', role: '', institution: '', email: '' };
export const emptyWork: WorkValues = {
  employer: '',
  role: '',
  startYear: '',
  endYear: '',
  description: '',
};
const emptyTest: EnglishTestValues = {
  test: '',
  date: '',
  overall: '',
  listening: '',
  reading: '',
  writing: '',
  speaking: '',
};

export const emptyDetails = (): DetailValues => ({
  education: [{ ...emptyEducation }],
  englishTest: { ...emptyTest },
  referees: [],
  workExperience: [],
  personalStatementText: '',
  consent: false,
  consentVersion,
});

/** The shared schema as react-hook-form's resolver (the values are text; the schema reads them). */
export const detailsResolver = schemaResolver(
  applicationDetailsInput as never,
) as unknown as Resolver<DetailValues>;

/** The order the sections' fields appear in, for the first error to take the focus. */
export const detailFieldPrefixes = [
  'education',
  'englishTest',
  'referees',
  'workExperience',
  'personalStatementText',
  'consent',
] as const;

/** The multipart fields: each list as one JSON field; a test not taken carries no scores. */
export function detailFormFields(values: DetailValues): Record<string, string> {
  const test = values.englishTest.test === 'none' ? { test: 'none' } : { ...values.englishTest };
  return {
    education: JSON.stringify(values.education),
    englishTest: JSON.stringify(test),
    referees: JSON.stringify(values.referees),
    workExperience: JSON.stringify(values.workExperience),
    personalStatementText: values.personalStatementText,
    consent: values.consent ? 'yes' : 'no',
    consentVersion: values.consentVersion,
  };
}

const capital = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const lists = ['education', 'referees', 'workExperience'] as const;
const testFields = ['test', 'date', 'overall', ...scoreParts] as const;

/**
 * For a draft (flat text fields, shared/schemas/draft.ts): education0Institution,
 * englishTestOverall, referees1Email… The consent is not kept: it is given when sending.
 */
export function flattenDetails(values: DetailValues): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const list of lists)
    values[list].forEach((entry, index) => {
      for (const [name, value] of Object.entries(entry))
        if (value !== '') flat[`${list}${index}${capital(name)}`] = String(value);
      // an added entry left empty is kept, so a reload shows it again
      flat[`${list}${index}`] ??= 'entry';
    });
  for (const name of testFields)
    if (values.englishTest[name] !== '')
      flat[`englishTest${capital(name)}`] = values.englishTest[name];
  if (values.personalStatementText !== '')
    flat.personalStatementText = values.personalStatementText;
  return flat;
}

export function restoreDetails(flat: Record<string, string> | undefined): DetailValues {
  const details = emptyDetails();
  if (!flat) return details;
  const found: Record<(typeof lists)[number], Record<string, string>[]> = {
    education: [],
    referees: [],
    workExperience: [],
  };
  for (const [key, value] of Object.entries(flat)) {
    const match = /^(education|referees|workExperience)(\d)([A-Z]\w*)?$/.exec(key);
    if (match) {
      const list = match[1] as (typeof lists)[number];
      const index = Number(match[2]);
      const entry = (found[list][index] ??= {});
      if (match[3]) entry[match[3].charAt(0).toLowerCase() + match[3].slice(1)] = value;
      continue;
    }
    const test = /^englishTest([A-Z]\w*)$/.exec(key);
    if (test) {
      const name = (test[1]!.charAt(0).toLowerCase() +
        test[1]!.slice(1)) as keyof EnglishTestValues;
      if (name in details.englishTest) details.englishTest[name] = value;
    }
  }
  const known = <T extends object>(empty: T, entry: Record<string, string>): T =>
    Object.fromEntries(Object.keys(empty).map((k) => [k, entry[k] ?? empty[k as keyof T]])) as T;
  const education = found.education.filter(Boolean).map((e) => known(emptyEducation, e));
  if (education.length > 0) details.education = education;
  details.referees = found.referees.filter(Boolean).map((e) => known(emptyReferee, e));
  details.workExperience = found.workExperience.filter(Boolean).map((e) => known(emptyWork, e));
  details.personalStatementText = flat.personalStatementText ?? '';
  return details;
}
