import { FormattedList, FormattedMessage } from 'react-intl';
import { Link } from '../../lib/router';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { Card } from '../../components/card';
import { useCatalogueText } from '../../lib/catalogue-text';

/**
 * The application names the program's university as the first choice and the picked universities
 * as the others (D2): never a list of picks that leaves out the university applied to.
 */
export function ChoiceSummary({
  program,
  university,
  picks,
}: {
  program: Program;
  university: University;
  picks: University[];
}) {
  const others = picks.filter((u) => u.id !== university.id);
  const says = useCatalogueText();
  return (
    <Card>
      <h2
        id="choice-heading"
        className="text-sm font-semibold uppercase tracking-wide text-brand-700"
      >
        <FormattedMessage id="application.choice.heading" defaultMessage="You are applying for" />
      </h2>
      <p className="mt-2 text-xl font-semibold text-ink">{program.name}</p>
      <p className="text-muted">
        <FormattedMessage
          id="application.choice.facts"
          defaultMessage="{university} · {level} · {duration} · {intake} intake"
          values={{
            university: university.name,
            level: says.level(program.level),
            duration: says.duration(program.durationMonths, program.studyMode),
            intake: says.monthList(program.intakes.map((i) => i.month)),
          }}
        />
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-ink">
            <FormattedMessage id="application.choice.first" defaultMessage="First choice:" />
          </dt>
          <dd className="text-muted">
            <FormattedMessage
              id="application.choice.firstValue"
              defaultMessage="{university} (this program's university)"
              values={{ university: university.name }}
            />
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-ink">
            <FormattedMessage id="application.choice.others" defaultMessage="Other choices:" />
          </dt>
          <dd className="text-muted">
            {others.length > 0 ? (
              <FormattedList
                type="conjunction"
                style="narrow"
                value={others.map((u) => (
                  <bdi key={u.id}>{u.name}</bdi>
                ))}
              />
            ) : (
              <FormattedMessage id="application.choice.none" defaultMessage="None" />
            )}
            {' · '}
            <Link
              to="/universities"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              <FormattedMessage
                id="application.choice.changeUniversities"
                defaultMessage="Change your universities"
              />
            </Link>
          </dd>
        </div>
      </dl>
      <Link
        to="/programs"
        className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        <FormattedMessage
          id="application.choice.changeProgram"
          defaultMessage="Choose a different program"
        />
      </Link>
    </Card>
  );
}
