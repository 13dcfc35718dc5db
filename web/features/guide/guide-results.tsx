import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icons';
import { useCompareList } from '../../lib/compare-list';
import { useSelection } from '../../lib/selection';
import type { GuidanceAnswer } from '../../../shared/schemas/guidance';

const roleLabel = { ambitious: 'Ambitious', 'good match': 'Good match', safer: 'Safer' } as const;

export function GuideResults({ answer }: { answer: GuidanceAnswer }) {
  const navigate = useNavigate();
  const { setUniversities, chooseProgram } = useSelection();
  const compare = useCompareList();
  if (answer.results.length === 0) {
    return (
      <div role="status" className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="font-semibold">No program in our catalogue fits these answers.</p>
        <p className="mt-1 text-sm text-muted">Try other subject words, another intake, or leave the regions open.</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {answer.balanced.length > 0 && (
        <section aria-labelledby="balanced-heading" className="rounded-[var(--radius-card)] border border-brand-200 bg-brand-50 p-5">
          <h2 id="balanced-heading" className="text-lg font-semibold">
            A balanced three
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {answer.balanced.map((b) => (
              <li key={b.universityId} className="rounded-xl bg-white p-3 shadow-sm">
                <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{roleLabel[b.role]}</span>
                <span className="block font-semibold">{b.universityName}</span>
                <span className="block text-sm text-muted">{b.why}</span>
              </li>
            ))}
          </ul>
          {answer.balanced.length < 3 && (
            <p className="mt-3 text-sm text-brand-900">
              {answer.balanced.length === 1 ? 'Only one university in your results fits' : 'Only two universities in your results fit'}{' '}
              these roles: add subjects, widen your budget or leave the regions open for a full three.
            </p>
          )}
          <Button
            size="lg"
            className="mt-4"
            onClick={() => {
              setUniversities(answer.balanced.map((b) => b.universityId));
              navigate('/programs');
            }}
          >
            {answer.balanced.length === 3 ? 'Use these three' : answer.balanced.length === 2 ? 'Use these two' : 'Use this one'}
            <Icon name="arrowRight" />
          </Button>
        </section>
      )}
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="text-lg font-semibold">
          {answer.results.length === 1 ? '1 program for you' : `${answer.results.length} programs for you, best first`}
        </h2>
        <ol className="mt-3 space-y-3">
          {answer.results.map(({ program, reasons, warnings }, i) => (
            <li key={program.id} className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-ink">
                {i + 1}. {program.name}
              </h3>
              <p className="text-sm text-muted">
                {program.universityName} · {program.city} · {program.tuition}
              </p>
              <ul aria-label={`Why ${program.name}`} className="mt-2 space-y-0.5 text-sm text-green-900">
                {reasons.map((r) => (
                  <li key={r} className="flex gap-1.5">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0" />
                    {r}
                  </li>
                ))}
              </ul>
              {warnings.length > 0 && (
                <ul aria-label={`Watch out for ${program.name}`} className="mt-1 space-y-0.5 text-sm font-medium text-amber-900">
                  {warnings.map((w) => (
                    <li key={w}>⚠ {w}</li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-pressed={compare.ids.includes(program.id)}
                  aria-label={`${compare.ids.includes(program.id) ? 'In your comparison' : 'Add to compare'}: ${program.name}`}
                  onClick={() => compare.toggle(program.id)}
                >
                  {compare.ids.includes(program.id) ? 'In your comparison' : 'Add to compare'}
                </Button>
                <Button
                  aria-label={`Apply for this program: ${program.name}`}
                  onClick={() => {
                    chooseProgram(program.id, program.universityId);
                    navigate('/application', { state: { program } });
                  }}
                >
                  Apply for this program
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
