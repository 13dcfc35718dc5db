import type { StaffApplication } from '../../../shared/schemas/staff';
import type { ReactNode } from 'react';
import { formatDay, formatDayTime } from './format';
import { PassportNumber } from './passport-number';

const englishLevels: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  native: 'Native',
};
const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });
export const country = (code: string) => {
  try {
    return `${regionNames.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
};

/** Every field of the application; the passport number in full on request (audited). */
export function ApplicationFields({
  application: a,
  erasureRequested = false,
}: {
  application: StaffApplication;
  /** Kept after its applicant asked for erasure (D16): out of any account for good. */
  erasureRequested?: boolean;
}) {
  const rows: [string, ReactNode][] = [
    ['Full name', a.fullName],
    ['Date of birth', formatDay(`${a.dateOfBirth}T12:00:00Z`)],
    ['E-mail', a.email],
    ['Phone', a.phone],
    [
      'Passport number',
      <PassportNumber key={a.id} applicationId={a.id} masked={a.passportNumber} />,
    ],
    ['Nationality', country(a.nationality)],
    ['Country of residence', country(a.residencyCountry)],
    ['English level', englishLevels[a.englishLevel] ?? a.englishLevel],
    ['English certificate', a.hasCertification ? 'Yes' : 'No'],
    ...(a.hasCertification
      ? []
      : ([
          [
            'Planned test date',
            a.plannedTestDate ? formatDay(`${a.plannedTestDate}T12:00:00Z`) : 'Not given',
          ],
        ] as [string, string][])),
    ['Program', `${a.programName} (${a.programLevel})`],
    ['University', a.universityName],
    ['Selected universities', a.selectedUniversities.join(', ')],
    ['Submitted', formatDayTime(a.submittedAt)],
    ['Last status change', formatDayTime(a.lastStatusUpdate)],
    ['Application ID', a.id],
    [
      'Account',
      erasureRequested
        ? 'None: the applicant asked for erasure'
        : a.userId
          ? 'Linked to an account'
          : 'Submitted signed out, not linked yet',
    ],
  ];
  return (
    <section
      aria-labelledby="fields-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="fields-title" className="text-lg font-semibold text-ink">
        Application
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-muted">{term}</dt>
            <dd className="break-words text-sm text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
