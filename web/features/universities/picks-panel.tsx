import { FormattedMessage, useIntl } from 'react-intl';
import { buttonClasses, ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';
import { SpeakToUsIcon } from '../../components/floating-dock';
import { withPicks } from '../../lib/selection';
import { formatPicks, requiredUniversityPicks } from '../../../shared/university-picks';
import type { University } from '../../../shared/schemas/catalogue';
import { PickedSlots } from './picked-slots';

/** As the floating buttons, the bar steps aside while the person types (on phones, where it is fixed). */
const tuckedOnPhonesWhileTyping =
  'max-lg:transition-[visibility] max-lg:duration-0 max-lg:delay-400 max-lg:[body:has(:is(input,textarea,select):focus)_&]:invisible max-lg:[body:has(:is(input,textarea,select):focus)_&]:delay-0';

/**
 * The slots, the outcome of the last pick and the way on. Below 1024 px the way on is the page's
 * one bar fixed to the bottom (one row, about 7 % of a phone's height, with the Speak to Us button
 * in it instead of a dock of its own), so it stays in reach while scrolling the list (issue 26).
 */
export function PicksPanel({
  picks,
  query,
  notice,
  onRemove,
}: {
  picks: { id: string; university?: University }[];
  query: string;
  notice: { text: string; isWarning: boolean } | null;
  onRemove: (id: string) => void;
}) {
  const intl = useIntl();
  const isReady = picks.length === requiredUniversityPicks;
  const ids = picks.map((p) => p.id);
  const next = withPicks('/programs', new URLSearchParams(), ids);
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
      <p id="continue-hint" className={`mt-2 text-sm ${isReady ? 'text-green-800' : 'text-muted'}`}>
        {isReady ? (
          <FormattedMessage
            id="universities.picks.ready"
            defaultMessage="All three picked. Next, choose a program."
          />
        ) : (
          <FormattedMessage
            id="universities.picks.hint"
            defaultMessage="Please select 3 universities to continue"
          />
        )}
      </p>
      <form
        method="get"
        action="/universities"
        className="mt-3"
        onSubmit={(event) => event.preventDefault()}
      >
        {query && <input type="hidden" name="q" value={query} />}
        <PickedSlots
          picks={picks}
          removing={(id) => formatPicks(ids.filter((other) => other !== id))}
          onRemove={onRemove}
        />
      </form>
      <p
        role="status"
        className={`mt-3 min-h-5 text-sm ${notice?.isWarning ? 'rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-300' : 'text-muted'}`}
      >
        {notice?.text}
      </p>
      <div
        data-bottom-bar
        className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:static lg:mt-2 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none ${tuckedOnPhonesWhileTyping}`}
      >
        <div className="mx-auto flex max-w-6xl items-center gap-3 lg:flex-col lg:items-stretch lg:gap-2">
          <p className="min-w-0 flex-1 text-sm font-semibold text-ink lg:hidden">
            <FormattedMessage
              id="universities.picks.picked"
              defaultMessage="{count} of {total} picked"
              values={{ count: picks.length, total: requiredUniversityPicks }}
            />
          </p>
          {isReady ? (
            <ButtonLink
              to={next}
              aria-describedby="continue-hint"
              className="shrink-0 lg:w-full lg:px-6 lg:py-3 lg:text-base"
            >
              <FormattedMessage id="universities.continue" defaultMessage="Continue to Programs" />
              <Icon name="arrowRight" />
            </ButtonLink>
          ) : (
            <button
              type="button"
              disabled
              aria-describedby="continue-hint"
              className={buttonClasses(
                'primary',
                'md',
                'shrink-0 lg:w-full lg:px-6 lg:py-3 lg:text-base',
              )}
            >
              <FormattedMessage id="universities.continue" defaultMessage="Continue to Programs" />
              <Icon name="arrowRight" />
            </button>
          )}
          <SpeakToUsIcon
            className="lg:hidden"
            label={intl.formatMessage({
              id: 'dock.speakShort',
              defaultMessage: 'Speak to Us on WhatsApp (opens in a new tab)',
            })}
          />
        </div>
      </div>
    </section>
  );
}
