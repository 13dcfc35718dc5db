import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
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
  inComparison: { id: 'program.inComparison', defaultMessage: 'In your comparison' },
  addToCompare: { id: 'program.addToCompare', defaultMessage: 'Add to compare' },
});

/** A catalogue date (YYYY-MM-DD) as the reader's locale writes it: 1 September 2026 in en-GB. */
const dateOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

// a block of text, not a flex box: a flex box drops the space between a message's words and its <bdi>
const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

function Fact({
  label,
  children,
  wide,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-3' : undefined}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}

export function ProgramRow({
  program,
  isAtPickedUniversity,
  isChosen,
  onApply,
  isCompared,
  onCompare,
}: {
  program: Program;
  isAtPickedUniversity: boolean;
  isChosen: boolean;
  onApply: () => void;
  isCompared: boolean;
  onCompare: () => void;
}) {
  const intl = useIntl();
  const says = useCatalogueText();
  const intakeMonths = says.monthList(program.intakes.map((i) => i.month));
  const tuition = says.tuitionPerYear(program.tuitionGbp);
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const formatDate = (iso: string) => intl.formatDate(utcDate(iso), dateOptions);
  return (
    <li
      className={`rounded-[var(--radius-card)] border bg-white shadow-sm ${isAtPickedUniversity ? 'border-brand-600' : 'border-slate-200'}`}
    >
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={isOpen ? panelId : undefined}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-start gap-3 rounded-[var(--radius-card)] p-4 text-start hover:bg-slate-50 sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <bdi className="block text-lg font-semibold leading-snug text-ink">{program.name}</bdi>
            <span className="mt-0.5 block text-sm text-muted">
              <FormattedMessage
                id="program.where"
                defaultMessage="{university} · {city} · UK rank #{rank}"
                values={{
                  university: <bdi>{program.universityName}</bdi>,
                  city: <bdi>{program.city}</bdi>,
                  rank: program.universityRanking,
                }}
              />
            </span>
            <span className="mt-2 flex flex-wrap gap-2">
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <bdi>{says.level(program.level)}</bdi>
              </span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <bdi>{program.category}</bdi>
              </span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <FormattedMessage
                  id="program.intakeBadge"
                  defaultMessage="{intake} intake"
                  values={{ intake: <bdi>{intakeMonths}</bdi> }}
                />
              </span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <bdi>{tuition}</bdi>
              </span>
              {isAtPickedUniversity && (
                <span className={`${badge} bg-brand-50 text-brand-800 ring-1 ring-brand-100`}>
                  <FormattedMessage
                    id="program.atPicked"
                    defaultMessage="At one of your universities"
                  />
                </span>
              )}
              {isChosen && (
                <span className={`${badge} bg-green-100 text-green-900`}>
                  <FormattedMessage id="program.chosen" defaultMessage="Your chosen program" />
                </span>
              )}
            </span>
          </span>
          <Icon
            name="chevronDown"
            className={`mt-1 size-6 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      {/* a closed row's facts are not rendered: twenty rows of hidden tables were most of the page's
          HTML and of its hydration */}
      {isOpen && (
        <div id={panelId} className="border-t border-slate-200 px-4 pb-5 pt-4 sm:px-5">
          {program.description && <p className="mb-4 text-ink">{program.description}</p>}
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
                <bdi className="block text-xs text-muted">{program.englishEquivalents}</bdi>
              )}
            </Fact>
            <Fact label={intl.formatMessage(m.academicLevel)}>
              <bdi>{program.academicLevel}</bdi>
            </Fact>
            <Fact label={intl.formatMessage(m.studyMode)}>
              <bdi>{says.studyMode(program.studyMode)}</bdi>
            </Fact>
            <Fact label={intl.formatMessage(m.requirements)} wide>
              <bdi>{program.requirements}</bdi>
            </Fact>
          </dl>
          <CostOfStudy cost={program.costOfStudy} city={program.city} />
          <p className="mt-3 text-xs text-muted">
            {program.lastChecked ? (
              <FormattedMessage
                id="program.checked"
                defaultMessage="Facts last checked against the university on {date}. Estimated first year in all: {total, number, ::currency/GBP precision-integer}."
                values={{
                  date: formatDate(program.lastChecked),
                  total: program.costOfStudy.totalGbp,
                }}
              />
            ) : (
              <FormattedMessage
                id="program.unchecked"
                defaultMessage="These facts have not yet been checked against the university by our team: confirm them on its site. Estimated first year in all: {total, number, ::currency/GBP precision-integer}."
                values={{ total: program.costOfStudy.totalGbp }}
              />
            )}
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ExternalLink
              href={program.url}
              newTabHint={
                <FormattedMessage
                  id="program.link.hint"
                  defaultMessage="for {name} (opens in a new tab)"
                  values={{ name: <bdi>{program.name}</bdi> }}
                />
              }
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              {program.urlIsCoursePage ? (
                <FormattedMessage id="program.link.course" defaultMessage="Official program page" />
              ) : (
                <FormattedMessage
                  id="program.link.university"
                  defaultMessage="{university} website"
                  values={{ university: <bdi>{program.universityName}</bdi> }}
                />
              )}
              <Icon name="external" className="size-4" />
            </ExternalLink>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button
                variant="secondary"
                size="lg"
                aria-pressed={isCompared}
                onClick={onCompare}
                aria-label={intl.formatMessage(
                  { id: 'program.compare.label', defaultMessage: '{action}: {name}' },
                  {
                    action: intl.formatMessage(isCompared ? m.inComparison : m.addToCompare),
                    name: program.name,
                  },
                )}
              >
                {isCompared && <Icon name="check" />}
                {intl.formatMessage(isCompared ? m.inComparison : m.addToCompare)}
              </Button>
              <Button
                size="lg"
                onClick={onApply}
                aria-label={intl.formatMessage(
                  { id: 'program.apply.label', defaultMessage: 'Apply Now for {name}' },
                  { name: program.name },
                )}
              >
                <FormattedMessage id="program.apply" defaultMessage="Apply Now" />
                <Icon name="arrowRight" />
              </Button>
            </div>
          </div>
        </div>
      )}
    </li>
  );
}
