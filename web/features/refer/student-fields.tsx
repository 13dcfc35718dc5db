import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/field';
import { phoneExample } from '../../../shared/schemas/contact';
import type { NetworkFormValues } from './network-kinds';

/** The student a referral is about: a name, an e-mail or a phone, and what they want to study. */
export function StudentFields({
  register,
  error,
}: {
  register: UseFormRegister<NetworkFormValues>;
  error: (field: keyof NetworkFormValues) => string | undefined;
}) {
  return (
    <>
      <h3 className="pt-2 text-lg font-semibold">The student</h3>
      <TextField label="Student’s name" required maxLength={200} {...register('studentName')} error={error('studentName')} />
      <TextField
        label="Student’s e-mail"
        type="email"
        maxLength={254}
        {...register('studentEmail')}
        error={error('studentEmail')}
        hint="An e-mail or a phone (or both)."
      />
      <TextField
        label="Student’s phone"
        type="tel"
        maxLength={40}
        {...register('studentPhone')}
        error={error('studentPhone')}
        hint={`With the country code, e.g. ${phoneExample}`}
      />
      <TextField
        label="What they want to study"
        required
        maxLength={300}
        {...register('studyInterest')}
        error={error('studyInterest')}
        hint="A subject, a level or a program, e.g. MSc Data Science."
      />
    </>
  );
}
