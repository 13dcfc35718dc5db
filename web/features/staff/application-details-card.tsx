import type { ReactNode } from 'react';
import {
  englishGap,
  scoreParts,
  type EnglishTest,
} from '../../../shared/schemas/application-details';
import type { StaffApplication } from '../../../shared/schemas/staff';
import { country } from './application-fields';
import { formatDay, formatDayTime } from './format';

const testNames: Record<EnglishTest, string> = {
  ieltsAcademic: 'IELTS Academic',
  ieltsUkvi: 'IELTS for UKVI',
  pteAcademic: 'PTE Academic',
  toeflIbt: 'TOEFL iBT',
  languageCert: 'LanguageCert',
  duolingo: 'Duolingo English Test',
  cambridge: 'Cambridge English',
  none: 'None taken yet',
};

const partNames = {
  listening: 'Listening',
  reading: 'Reading',
  writing: 'Writing',
  speaking: 'Speaking',
};

const years = (start: number, end?: number | null) => `${start}–${end ?? 'now'}`;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <div className="mt-1 text-sm text-ink">{children}</div>
    </div>
  );
}

/** The English test's scores against the program's IELTS requirement (issue 25 §3). */
function EnglishTestBlock({ application: a }: { application: StaffApplication }) {
  const result = a.details!.englishTest;
  if (result.test === 'none') return <Block title="English test">None taken yet</Block>;
  const gap = a.englishRequirement ? englishGap(result, a.englishRequirement) : null;
  return (
    <Block title="English test">
      <p>
        {testNames[result.test]}
        {result.date ? `, taken ${formatDay(`${result.date}T12:00:00Z`)}` : ''}: overall{' '}
        {result.overall ?? '–'}
      </p>
      <p className="text-muted">
        {scoreParts.map((p) => `${partNames[p]} ${result[p] ?? '–'}`).join(' · ')}
      </p>
      {gap?.comparable && (
        <p className="mt-1">
          {gap.overallShort === null && gap.partsShort.length === 0
            ? `Meets the program’s IELTS ${gap.needed.overall} overall, ${gap.needed.part} in each part.`
            : `Below the program’s IELTS ${gap.needed.overall} overall, ${gap.needed.part} in each part: ${[
                ...(gap.overallShort !== null ? [`overall by ${gap.overallShort}`] : []),
                ...gap.partsShort.map((s) => `${partNames[s.part]} ${s.have}`),
              ].join(', ')}.`}
        </p>
      )}
    </Block>
  );
}

/** Education, English test, referees, work, statement and consent as the applicant sent them. */
export function ApplicationDetailsCard({
  application: a,
  hasStatementFile,
}: {
  application: StaffApplication;
  /** A personal statement among the documents: the card says where it is. */
  hasStatementFile: boolean;
}) {
  const d = a.details;
  return (
    <section
      aria-labelledby="details-title"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="details-title" className="text-lg font-semibold text-ink">
        Education, English and references
      </h2>
      {!d ? (
        <p className="mt-2 text-sm text-muted">Sent before the form asked for these details.</p>
      ) : (
        <>
          <Block title="Education">
            <ul className="space-y-1">
              {d.education.map((e, i) => (
                <li key={i}>
                  {/* what the applicant typed may be right-to-left: each value kept whole */}
                  <bdi>{e.qualification}</bdi> in <bdi>{e.subject}</bdi>, <bdi>{e.institution}</bdi>{' '}
                  ({country(e.country)}, {years(e.startYear, e.endYear)}): <bdi>{e.grade}</bdi>{' '}
                  <bdi>{e.gradeScale}</bdi>
                  {e.gradeExpected ? ' (expected)' : ''}
                </li>
              ))}
            </ul>
          </Block>
          <EnglishTestBlock application={a} />
          <Block title="Referees">
            {d.referees.length === 0 ? (
              'None given'
            ) : (
              <ul className="space-y-1">
                {d.referees.map((r, i) => (
                  <li key={i}>
                    <bdi>{r.name}</bdi>, <bdi>{r.role}</bdi>, <bdi>{r.institution}</bdi> ·{' '}
                    <bdi>{r.email}</bdi>
                  </li>
                ))}
              </ul>
            )}
          </Block>
          <Block title="Work experience">
            {d.workExperience.length === 0 ? (
              'None given'
            ) : (
              <ul className="space-y-1">
                {d.workExperience.map((w, i) => (
                  <li key={i}>
                    <bdi>{w.role}</bdi>, <bdi>{w.employer}</bdi> ({years(w.startYear, w.endYear)})
                    {w.description ? (
                      <>
                        : <bdi>{w.description}</bdi>
                      </>
                    ) : (
                      ''
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Block>
          <Block title="Personal statement">
            {d.personalStatementText ? (
              <p dir="auto" className="whitespace-pre-line break-words">
                {d.personalStatementText}
              </p>
            ) : hasStatementFile ? (
              'Sent as a file (see Documents)'
            ) : (
              'Not given'
            )}
          </Block>
        </>
      )}
      <Block title="Consent to share">
        {a.consent
          ? `Given ${formatDayTime(a.consent.at)} to the wording of ${a.consent.version}`
          : 'Not recorded (sent before the consent line)'}
      </Block>
    </section>
  );
}
