import { FormattedMessage } from 'react-intl';
import { useNavigate } from '../../lib/router';
import { Button } from '../../components/button';
import { Icon } from '../../components/icons';
import { requiredUniversityPicks } from '../../../shared/university-picks';
import type { University } from '../../../shared/schemas/catalogue';
import { PickedSlots } from './picked-slots';

/**
 * The slots, the outcome of the last pick and the way on. On small screens the way on is a bar
 * fixed to the bottom (above the Speak to Us dock), so it stays in reach while scrolling the list.
 */
export function PicksPanel({
  picks,
  notice,
  onRemove,
}: {
  picks: { id: string; university?: University }[];
  notice: { text: string; isWarning: boolean } | null;
  onRemove: (id: string) => void;
}) {
  const navigate = useNavigate();
  const isReady = picks.length === requiredUniversityPicks;
  return (
    <section
      aria-labelledby="picks-heading"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2
        id="picks-heading"
        className="flex items-baseline justify-between gap-2 text-lg font-semibold"
      >
        <FormattedMessage id="universities.picks.heading" defaultMessage="Your picks" />
        <span className="text-sm font-medium text-muted">
          <FormattedMessage
            id="universities.picks.count"
            defaultMessage="{count} of {total}"
            values={{ count: picks.length, total: requiredUniversityPicks }}
          />
        </span>
      </h2>
      <div className="mt-3">
        <PickedSlots picks={picks} onRemove={onRemove} />
      </div>
      <p
        role="status"
        className={`mt-3 min-h-5 text-sm ${notice?.isWarning ? 'rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-300' : 'text-muted'}`}
      >
        {notice?.text}
      </p>
      <div
        data-bottom-bar
        className="fixed inset-x-0 bottom-14 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:mt-2 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-2">
          <p id="continue-hint" className={`text-sm ${isReady ? 'text-green-800' : 'text-muted'}`}>
            {isReady ? (
              <FormattedMessage
                id="universities.picks.ready"
                defaultMessage="All three picked. Next, choose a program."
              />
            ) : (
              <FormattedMessage
                id="universities.picks.hint"
                defaultMessage="Please select 3 universities to continue<small> ({count} of {total} picked)</small>"
                values={{
                  count: picks.length,
                  total: requiredUniversityPicks,
                  small: (chunks) => <span className="font-semibold lg:hidden">{chunks}</span>,
                }}
              />
            )}
          </p>
          <Button
            size="lg"
            disabled={!isReady}
            aria-describedby="continue-hint"
            onClick={() => navigate('/programs')}
            className="w-full"
          >
            <FormattedMessage id="universities.continue" defaultMessage="Continue to Programs" />
            <Icon name="arrowRight" />
          </Button>
        </div>
      </div>
    </section>
  );
}
