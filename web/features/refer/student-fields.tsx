import { TextField } from '../../components/field';
import { phoneExample } from '../../../shared/schemas/contact';
import type { NetworkFormValues } from './network-kinds';
import type { FieldErrors } from './use-network-submit';

/** The student a referral is about: a name, an e-mail or a phone, and what they want to study. */
export function StudentFields({
  values,
  errors,
  set,
}: {
  values: NetworkFormValues;
  errors: FieldErrors;
  set: (field: keyof NetworkFormValues, value: string) => void;
}) {
  return (
    <>
      <h3 className="pt-2 text-lg font-semibold">The student</h3>
      <TextField
        label="Student’s name"
        name="studentName"
        required
        maxLength={200}
        value={values.studentName}
        error={errors.studentName}
        onChange={(e) => set('studentName', e.target.value)}
      />
      <TextField
        label="Student’s e-mail"
        name="studentEmail"
        type="email"
        maxLength={254}
        value={values.studentEmail}
        error={errors.studentEmail}
        hint="An e-mail or a phone (or both)."
        onChange={(e) => set('studentEmail', e.target.value)}
      />
      <TextField
        label="Student’s phone"
        name="studentPhone"
        type="tel"
        maxLength={40}
        value={values.studentPhone}
        error={errors.studentPhone}
        hint={`With the country code, e.g. ${phoneExample}`}
        onChange={(e) => set('studentPhone', e.target.value)}
      />
      <TextField
        label="What they want to study"
        name="studyInterest"
        required
        maxLength={300}
        value={values.studyInterest}
        error={errors.studyInterest}
        hint="A subject, a level or a program, e.g. MSc Data Science."
        onChange={(e) => set('studyInterest', e.target.value)}
      />
    </>
  );
}
