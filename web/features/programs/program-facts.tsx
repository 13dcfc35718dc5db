import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Program } from '../../../shared/schemas/catalogue';
import { useCatalogueText } from '../../lib/catalogue-text';
import { CostOfStudy } from './cost-of-study';

const m = defineMessages({
  duration: { id: 'program.duration', defaultMessage: 'Duration' },
  tuition: { id: 'program.tuition', defaultMessage: 'Tuition' },
  intake: { id: 'program.intake', defaultMessage: 'Intake' },
  english: { id: 'program.english', defaultMessage: 'English (IELTS)' },
  academicLevel: { id: 'program.academicLevel', defaultMessage: 'Academic level' },
  studyMode: { id: 'program.studyMode', defaultMessage: 'Study mode' },
  requirements: { id: 'program.requirements', defaultMessage: 'Entry requirements' },
});

/** A catalogue date (YYYY-MM-DD) as the reader's locale writes it: 1 September 2026 in en-GB. */
const dateOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-3' : undefined}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}

/** A program's facts and first-year costs: an opened row of /programs, and its own page. */
export function ProgramFacts({ program }: { program: Program }) {
  const intl = useIntl();
  const says = useCatalogueText();
  const intakeMonths = says.monthList(program.intakes.map((i) => i.month));
  const tuition = says.tuitionPerYear(program.tuitionGbp);
  const formatDate = (iso: string) => intl.formatDate(utcDate(iso), dateOptions);
  return (
    <>
      {/* the university's own words, published in English: marked so (issue 26 §3) */}
      {program.description && (
        <p lang="en" dir="auto" className="mb-4 text-ink">
          {program.description}
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-3">
        <Fact label={intl.formatMessage(m.duration)}>
          <bdi className="font-semibold">
            {says.duration(program.durationMonths, program.studyMode)}
          </bdi>
        </Fact>
        <Fact label={intl.formatMessage(m.tuition)}>
          <bdi className="font-semibold">{tuition}</bdi>
          <span className="block text-xs text-muted">
            <FormattedMessage
              id="program.feeYear"
              defaultMessage="fees for {year}"
              values={{ year: <bdi>{program.feeYear}</bdi> }}
            />
          </span>
        </Fact>
        <Fact label={intl.formatMessage(m.intake)}>
          <bdi className="block font-semibold">{intakeMonths}</bdi>
          {program.intakes.map((i) => (
            <span key={i.month} className="block text-xs text-muted">
              {i.deadline ? (
                <FormattedMessage
                  id="program.deadline"
                  defaultMessage="{month}: apply by {date}"
                  values={{
                    month: <bdi>{says.month(i.month)}</bdi>,
                    date: formatDate(i.deadline),
                  }}
                />
              ) : (
                <FormattedMessage
                  id="program.noDeadline"
                  defaultMessage="{month}: no deadline published"
                  values={{ month: <bdi>{says.month(i.month)}</bdi> }}
                />
              )}
            </span>
          ))}
        </Fact>
        <Fact label={intl.formatMessage(m.english)}>
          <FormattedMessage
            id="program.ielts"
            defaultMessage="{overall, number, ::.0} overall, at least {part, number, ::.0} in each part"
            values={{ overall: program.ieltsOverall, part: program.ieltsMinComponent }}
          />
          {program.englishEquivalents && (
            <bdi lang="en" className="block text-xs text-muted">
              {program.englishEquivalents}
            </bdi>
          )}
        </Fact>
        <Fact label={intl.formatMessage(m.academicLevel)}>
          <bdi>{program.academicLevel}</bdi>
        </Fact>
        <Fact label={intl.formatMessage(m.studyMode)}>
          <bdi>{says.studyMode(program.studyMode)}</bdi>
        </Fact>
        <Fact label={intl.formatMessage(m.requirements)} wide>
          <bdi lang="en">{program.requirements}</bdi>
        </Fact>
      </dl>
      <CostOfStudy cost={program.costOfStudy} city={says.city(program.city)} />
      <p className="mt-3 text-xs text-muted">
        {program.lastChecked ? (
          <FormattedMessage
            id="program.checked"
            defaultMessage="Facts last checked against the university on {date}. Estimated first year in all: {total, number, gbp}."
            values={{
              date: formatDate(program.lastChecked),
              total: program.costOfStudy.totalGbp,
            }}
          />
        ) : (
          <FormattedMessage
            id="program.unchecked"
            defaultMessage="These facts have not yet been checked against the university by our team: confirm them on its site. Estimated first year in all: {total, number, gbp}."
            values={{ total: program.costOfStudy.totalGbp }}
          />
        )}
      </p>
    </>
  );
}
