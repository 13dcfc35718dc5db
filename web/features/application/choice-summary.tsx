import { Link } from 'react-router';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { Card } from '../../components/card';

/**
 * The application names the program's university as the first choice and the picked universities
 * as the others (D2): never a list of picks that leaves out the university applied to.
 */
export function ChoiceSummary({ program, university, picks }: { program: Program; university: University; picks: University[] }) {
  const others = picks.filter((u) => u.id !== university.id);
  return (
    <Card>
      <h2 id="choice-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        You are applying for
      </h2>
      <p className="mt-2 text-xl font-semibold text-ink">{program.name}</p>
      <p className="text-muted">
        {university.name} · {program.level} · {program.duration} · {program.intake} intake
      </p>
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium text-ink">First choice: </dt>
          <dd className="inline text-muted">{university.name} (this program&apos;s university)</dd>
        </div>
        <div>
          <dt className="inline font-medium text-ink">Other choices: </dt>
          <dd className="inline text-muted">
            {others.length > 0 ? others.map((u) => u.name).join(', ') : 'None'}
            {' · '}
            <Link to="/universities" className="font-medium text-brand-700 underline underline-offset-2">
              Change your universities
            </Link>
          </dd>
        </div>
      </dl>
      <Link to="/programs" className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        Choose a different program
      </Link>
    </Card>
  );
}
