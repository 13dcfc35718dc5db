import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, ButtonLink } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import { NotFoundPage } from '../../components/not-found-page';
import { PageHeader } from '../../components/page-header';
import { usePageDescription, usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useProgramPage } from '../../lib/catalogue';
import { useCatalogueText } from '../../lib/catalogue-text';
import { compareHref, useCompareList } from '../../lib/compare-list';
import { Link, useParams } from '../../lib/router';
import { useSelection } from '../../lib/selection';
import type { Program } from '../../../shared/schemas/catalogue';
import { CompareBar } from '../../components/compare-bar';
import { ProgramFacts } from './program-facts';

/** /programs/:id: one program on a page of its own, to read, share, compare and apply from. */
export function ProgramPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isError, refetch } = useProgramPage(id);
  if (data === null) return <NotFoundPage />;
  if (isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <p className="font-semibold">
          <FormattedMessage id="programs.failed" defaultMessage="Failed to load programs." />
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
          <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
        </Button>
      </div>
    );
  if (!data) return <ProgramLoading />;
  return <ProgramDetails program={data} />;
}

function ProgramLoading() {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Spinner
        label={intl.formatMessage({ id: 'programs.loading', defaultMessage: 'Loading programs…' })}
      />
    </div>
  );
}

function ProgramDetails({ program }: { program: Program }) {
  const intl = useIntl();
  const says = useCatalogueText();
  usePageTitle(`${program.name}, ${program.universityName}`);
  usePageDescription(
    intl.formatMessage(
      {
        id: 'programPage.description',
        defaultMessage:
          '{name} at {university}, {city}: {level}, {duration}, {tuition}. Entry requirements, IELTS, intakes and the first year’s costs.',
      },
      {
        name: program.name,
        university: program.universityName,
        city: says.city(program.city),
        level: says.level(program.level),
        duration: says.duration(program.durationMonths, program.studyMode),
        tuition: says.tuitionPerYear(program.tuitionGbp),
      },
    ),
  );
  const { chooseProgram } = useSelection();
  const compare = useCompareList();
  const [isCompareFull, setIsCompareFull] = useState(false);
  const isCompared = compare.ids.includes(program.id);
  const compareLabel = isCompared
    ? intl.formatMessage({ id: 'program.inComparison', defaultMessage: 'In your comparison' })
    : intl.formatMessage({ id: 'program.addToCompare', defaultMessage: 'Add to compare' });
  return (
    <>
      <PageHeader eyebrow={program.universityName} title={program.name}>
        <FormattedMessage
          id="program.where"
          defaultMessage="{university} · {city} · UK rank #{rank}"
          values={{
            university: <bdi>{program.universityName}</bdi>,
            city: <bdi>{says.city(program.city)}</bdi>,
            rank: program.universityRanking,
          }}
        />
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <p>
          <Link
            to="/programs"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Icon name="arrowLeft" className="size-4" />
            <FormattedMessage id="programPage.all" defaultMessage="All programs" />
          </Link>
        </p>
        <CompareBar />
        <section
          aria-labelledby="program-facts-heading"
          className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="program-facts-heading" className="mb-4 text-lg font-semibold">
            <FormattedMessage id="programPage.facts" defaultMessage="The program in facts" />
          </h2>
          <ProgramFacts program={program} />
        </section>
        {isCompareFull && (
          <p role="alert" className="text-sm font-medium text-red-700">
            <FormattedMessage
              id="programs.compareFull"
              defaultMessage="You can compare four programs at most: remove one from the comparison first."
            />
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
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
            {compare.ids.length >= 2 && isCompared ? (
              <ButtonLink to={compareHref(compare.ids)} variant="secondary" size="lg">
                <FormattedMessage
                  id="compareBar.go"
                  defaultMessage="Compare {count} programs"
                  values={{ count: compare.ids.length }}
                />
              </ButtonLink>
            ) : (
              <Button
                variant="secondary"
                size="lg"
                aria-pressed={isCompared}
                onClick={() => setIsCompareFull(compare.toggle(program.id) === 'full')}
              >
                {isCompared && <Icon name="check" />}
                {compareLabel}
              </Button>
            )}
            <ButtonLink
              to={`/application?program=${encodeURIComponent(program.id)}`}
              size="lg"
              onClick={() => chooseProgram(program.id, program.universityId)}
              aria-label={intl.formatMessage(
                { id: 'program.apply.label', defaultMessage: 'Apply Now for {name}' },
                { name: program.name },
              )}
            >
              <FormattedMessage id="program.apply" defaultMessage="Apply Now" />
              <Icon name="arrowRight" />
            </ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}
