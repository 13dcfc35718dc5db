import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';
import { isUniversityHomePage, type Program } from '../../../shared/schemas/catalogue';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function ProgramRow({
  program,
  isAtPickedUniversity,
  isChosen,
  onApply,
}: {
  program: Program;
  isAtPickedUniversity: boolean;
  isChosen: boolean;
  onApply: () => void;
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
          className="flex w-full items-start gap-3 rounded-[var(--radius-card)] p-4 text-left hover:bg-slate-50 sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-lg font-semibold leading-snug text-ink">{program.name}</span>
            <span className="mt-0.5 block text-sm text-muted">{program.universityName}</span>
            <span className="mt-2 flex flex-wrap gap-2">
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.level}</span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.category}</span>
              <span className={`${badge} bg-slate-100 text-slate-800`}>{program.intake} intake</span>
              {isAtPickedUniversity && <span className={`${badge} bg-brand-50 text-brand-800 ring-1 ring-brand-100`}>At one of your universities</span>}
              {isChosen && <span className={`${badge} bg-green-100 text-green-900`}>Your chosen program</span>}
            </span>
          </span>
          <Icon name="chevronDown" className={`mt-1 size-6 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!isOpen} className="border-t border-slate-200 px-4 pb-5 pt-4 sm:px-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm font-medium text-muted">Duration</dt>
            <dd className="mt-0.5 font-semibold">{program.duration}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted">Tuition</dt>
            <dd className="mt-0.5 font-semibold">{program.tuition}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted">Intake</dt>
            <dd className="mt-0.5 font-semibold">{program.intake}</dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="text-sm font-medium text-muted">Entry requirements</dt>
            <dd className="mt-0.5 text-ink">{program.requirements}</dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ExternalLink
            href={program.url}
            newTabHint={`${isUniversityHomePage(program.url) ? `of ${program.universityName}` : `for ${program.name}`} (opens in a new tab)`}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            {isUniversityHomePage(program.url) ? 'University website' : 'Official program page'}
            <Icon name="external" className="size-4" />
          </ExternalLink>
          <Button size="lg" onClick={onApply} aria-label={`Apply Now for ${program.name}`}>
            Apply Now
            <Icon name="arrowRight" />
          </Button>
        </div>
      </div>
    </li>
  );
}
