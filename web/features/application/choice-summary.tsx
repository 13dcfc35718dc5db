import { Link } from 'react-router';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { Card } from '../../components/card';

export function ChoiceSummary({ program, university, picks }: { program: Program; university: University; picks: University[] }) {
  return (
    <Card>
      <h2 id="choice-heading" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        You are applying for
      </h2>
      <p className="mt-2 text-xl font-semibold text-ink">{program.name}</p>
      <p className="text-muted">
        {university.name} · {program.level} · {program.duration} · {program.intake} intake
      </p>
      <dl className="mt-3 text-sm">
        <dt className="font-medium text-ink">Your universities</dt>
        <dd className="text-muted">
          {picks.length > 0 ? picks.map((u) => u.name).join(', ') : 'None picked yet'}
          {' · '}
          <Link to="/universities" className="font-medium text-brand-700 underline underline-offset-2">
            Change
          </Link>
        </dd>
      </dl>
      <Link to="/programs" className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        Choose a different program
      </Link>
    </Card>
  );
}
