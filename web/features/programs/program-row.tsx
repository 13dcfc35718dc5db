import { useId, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import { Link } from '../../lib/router';
import type { Program } from '../../../shared/schemas/catalogue';
import { useCatalogueText } from '../../lib/catalogue-text';
import { ProgramFacts } from './program-facts';

const m = defineMessages({
  inComparison: { id: 'program.inComparison', defaultMessage: 'In your comparison' },
  addToCompare: { id: 'program.addToCompare', defaultMessage: 'Add to compare' },
});

// a block of text, not a flex box: a flex box drops the space between a message's words and its <bdi>
const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

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
                  city: <bdi>{says.city(program.city)}</bdi>,
                  rank: program.universityRanking,
                }}
              />
            </span>
            <span className="mt-2 flex flex-wrap gap-2">
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <bdi>{says.level(program.level)}</bdi>
              </span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>
                <bdi>{says.category(program.category)}</bdi>
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
          <ProgramFacts program={program} />
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-2">
              <Link
                to={`/programs/${encodeURIComponent(program.id)}`}
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                <FormattedMessage
                  id="program.ownPage"
                  defaultMessage="Open the page of {name}"
                  values={{ name: <bdi>{program.name}</bdi> }}
                />
              </Link>
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
                  <FormattedMessage
                    id="program.link.course"
                    defaultMessage="Official program page"
                  />
                ) : (
                  <FormattedMessage
                    id="program.link.university"
                    defaultMessage="{university} website"
                    values={{ university: <bdi>{program.universityName}</bdi> }}
                  />
                )}
                <Icon name="external" className="size-4" />
              </ExternalLink>
            </div>
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
