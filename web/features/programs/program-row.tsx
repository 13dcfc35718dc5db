import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import type { Program } from '../../../shared/schemas/catalogue';
import { formatDate, formatGbp } from '../../../shared/program-display';
import { CostOfStudy } from './cost-of-study';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

function Fact({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
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
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-start gap-3 rounded-[var(--radius-card)] p-4 text-start hover:bg-slate-50 sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-lg font-semibold leading-snug text-ink">{program.name}</span>
            <span className="mt-0.5 block text-sm text-muted">
              {program.universityName} · {program.city} · UK rank #{program.universityRanking}
            </span>
            <span className="mt-2 flex flex-wrap gap-2">
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.level}</span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.category}</span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.intake} intake</span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.tuition}</span>
              {isAtPickedUniversity && <span className={`${badge} bg-brand-50 text-brand-800 ring-1 ring-brand-100`}>At one of your universities</span>}
              {isChosen && <span className={`${badge} bg-green-100 text-green-900`}>Your chosen program</span>}
            </span>
          </span>
          <Icon name="chevronDown" className={`mt-1 size-6 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!isOpen} className="border-t border-slate-200 px-4 pb-5 pt-4 sm:px-5">
        {program.description && <p className="mb-4 text-ink">{program.description}</p>}
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Duration">
            <span className="font-semibold">{program.duration}</span>
          </Fact>
          <Fact label="Tuition">
            <span className="font-semibold">{program.tuition}</span>
            <span className="block text-xs text-muted">fees for {program.feeYear}</span>
          </Fact>
          <Fact label="Intake">
            <span className="font-semibold">{program.intake}</span>
            {program.intakes.map((i) => (
              <span key={i.month} className="block text-xs text-muted">
                {i.deadline ? `${i.month}: apply by ${formatDate(i.deadline)}` : `${i.month}: no deadline published`}
              </span>
            ))}
          </Fact>
          <Fact label="English (IELTS)">
            {program.ieltsOverall.toFixed(1)} overall, at least {program.ieltsMinComponent.toFixed(1)} in each part
            {program.englishEquivalents && <span className="block text-xs text-muted">{program.englishEquivalents}</span>}
          </Fact>
          <Fact label="Academic level">{program.academicLevel}</Fact>
          <Fact label="Study mode">{program.studyMode}</Fact>
          <Fact label="Entry requirements" wide>
            {program.requirements}
          </Fact>
        </dl>
        <CostOfStudy cost={program.costOfStudy} city={program.city} />
        <p className="mt-3 text-xs text-muted">
          {program.lastChecked
            ? `Facts last checked against the university on ${formatDate(program.lastChecked)}.`
            : 'These facts have not yet been checked against the university by our team: confirm them on its site.'}{' '}
          Estimated first year in all: {formatGbp(program.costOfStudy.totalGbp)}.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ExternalLink
            href={program.url}
            newTabHint={`for ${program.name} (opens in a new tab)`}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            {program.urlIsCoursePage ? 'Official program page' : `${program.universityName} website`}
            <Icon name="external" className="size-4" />
          </ExternalLink>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" size="lg" aria-pressed={isCompared} onClick={onCompare} aria-label={`${isCompared ? 'In your comparison' : 'Add to compare'}: ${program.name}`}>
              {isCompared && <Icon name="check" />}
              {isCompared ? 'In your comparison' : 'Add to compare'}
            </Button>
            <Button size="lg" onClick={onApply} aria-label={`Apply Now for ${program.name}`}>
              Apply Now
              <Icon name="arrowRight" />
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
