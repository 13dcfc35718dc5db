import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '../../lib/router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icons';
import { useCatalogueText } from '../../lib/catalogue-text';
import { useCompareList } from '../../lib/compare-list';
import { useSelection } from '../../lib/selection';
import type { GuidanceAnswer, GuidanceProfile } from '../../../shared/schemas/guidance';
import { programFiltersOf } from './program-filters-of';
import { factText, roleLabels, whyText } from './guidance-facts';

export function GuideResults({
  answer,
  profile,
}: {
  answer: GuidanceAnswer;
  /** The answers the results are for: "Use these three" carries them to /programs as filters. */
  profile: GuidanceProfile;
}) {
  const intl = useIntl();
  const says = useCatalogueText();
  const navigate = useNavigate();
  const { setUniversities, chooseProgram } = useSelection();
  const compare = useCompareList();
  if (answer.results.length === 0) {
    return (
      <div
        role="status"
        className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-6 text-center"
      >
        <p className="font-semibold">
          <FormattedMessage
            id="guide.results.none"
            defaultMessage="No program in our catalogue fits these answers."
          />
        </p>
        <p className="mt-1 text-sm text-muted">
          <FormattedMessage
            id="guide.results.noneHint"
            defaultMessage="Try other subject words, another intake, or leave the regions open."
          />
        </p>
      </div>
    );
  }
  const balancedCount = answer.balanced.length;
  return (
    <div className="space-y-6">
      {balancedCount > 0 && (
        <section
          aria-labelledby="balanced-heading"
          className="rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-5"
        >
          <h2 id="balanced-heading" className="text-lg font-semibold">
            <FormattedMessage id="guide.balanced.heading" defaultMessage="A balanced three" />
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {answer.balanced.map((b) => (
              <li key={b.universityId} className="rounded-xl bg-white p-3 shadow-sm">
                <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {intl.formatMessage(roleLabels[b.role])}
                </span>
                <span className="block font-semibold">{b.universityName}</span>
                <span className="block text-sm text-muted">{whyText(intl, b.whyFact)}</span>
              </li>
            ))}
          </ul>
          {balancedCount < 3 && (
            <p className="mt-3 text-sm text-brand-900">
              <FormattedMessage
                id="guide.balanced.fewer"
                defaultMessage="{count, plural, one {Only one university in your results fits these roles: add subjects, widen your budget or leave the regions open for a full three.} other {Only # universities in your results fit these roles: add subjects, widen your budget or leave the regions open for a full three.}}"
                values={{ count: balancedCount }}
              />
            </p>
          )}
          <Button
            size="lg"
            className="mt-4"
            onClick={() => {
              setUniversities(answer.balanced.map((b) => b.universityId));
              navigate(`/programs?${programFiltersOf(profile).toString()}`);
            }}
          >
            <FormattedMessage
              id="guide.balanced.use"
              defaultMessage="{count, plural, one {Use this one} =2 {Use these two} other {Use these three}}"
              values={{ count: balancedCount }}
            />
            <Icon name="arrowRight" />
          </Button>
        </section>
      )}
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="text-lg font-semibold">
          <FormattedMessage
            id="guide.results.heading"
            defaultMessage="{count, plural, one {# program for you} other {# programs for you, best first}}"
            values={{ count: answer.results.length }}
          />
        </h2>
        <ol className="mt-3 space-y-3">
          {answer.results.map(({ program, reasonFacts, warningFacts }, i) => {
            const reasonTexts = reasonFacts.map((f) => factText(intl, f));
            const warningTexts = warningFacts.map((f) => factText(intl, f));
            const isCompared = compare.ids.includes(program.id);
            return (
              <li
                key={program.id}
                className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 className="font-semibold text-ink">
                  <FormattedMessage
                    id="guide.results.item"
                    defaultMessage="{position}. {name}"
                    values={{ position: i + 1, name: program.name }}
                  />
                </h3>
                <p className="text-sm text-muted">
                  <FormattedMessage
                    id="guide.results.where"
                    defaultMessage="{university} · {city} · {tuition, number, gbp} per year"
                    values={{
                      university: program.universityName,
                      city: says.city(program.city),
                      tuition: program.tuitionGbp,
                    }}
                  />
                </p>
                <ul
                  aria-label={intl.formatMessage(
                    { id: 'guide.results.why', defaultMessage: 'Why {name}' },
                    { name: program.name },
                  )}
                  className="mt-2 space-y-0.5 text-sm text-green-900"
                >
                  {reasonTexts.map((r) => (
                    <li key={r} className="flex gap-1.5">
                      <Icon name="check" className="mt-0.5 size-4 shrink-0" />
                      {r}
                    </li>
                  ))}
                </ul>
                {warningTexts.length > 0 && (
                  <ul
                    aria-label={intl.formatMessage(
                      { id: 'guide.results.watchOut', defaultMessage: 'Watch out for {name}' },
                      { name: program.name },
                    )}
                    className="mt-1 space-y-0.5 text-sm font-medium text-amber-900"
                  >
                    {warningTexts.map((w) => (
                      <li key={w} className="flex gap-1.5">
                        <span aria-hidden="true">⚠</span>
                        {w}
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-pressed={isCompared}
                    aria-label={
                      isCompared
                        ? intl.formatMessage(
                            {
                              id: 'guide.results.inComparison.label',
                              defaultMessage: 'In your comparison: {name}',
                            },
                            { name: program.name },
                          )
                        : intl.formatMessage(
                            {
                              id: 'guide.results.addToCompare.label',
                              defaultMessage: 'Add to compare: {name}',
                            },
                            { name: program.name },
                          )
                    }
                    onClick={() => compare.toggle(program.id)}
                  >
                    {isCompared ? (
                      <FormattedMessage
                        id="guide.results.inComparison"
                        defaultMessage="In your comparison"
                      />
                    ) : (
                      <FormattedMessage
                        id="guide.results.addToCompare"
                        defaultMessage="Add to compare"
                      />
                    )}
                  </Button>
                  <Button
                    aria-label={intl.formatMessage(
                      {
                        id: 'guide.results.apply.label',
                        defaultMessage: 'Apply for this program: {name}',
                      },
                      { name: program.name },
                    )}
                    onClick={() => {
                      chooseProgram(program.id, program.universityId);
                      navigate('/application', { state: { program } });
                    }}
                  >
                    <FormattedMessage
                      id="guide.results.apply"
                      defaultMessage="Apply for this program"
                    />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
