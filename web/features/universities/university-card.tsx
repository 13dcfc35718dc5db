import { FormattedMessage } from 'react-intl';
import { Icon } from '../../components/icons';
import { LogoImage } from '../../components/logo-image';
import { useCatalogueText } from '../../lib/catalogue-text';
import type { University } from '../../../shared/schemas/catalogue';
import { picksParam } from '../../../shared/university-picks';

/**
 * The card's title is the pick button; its ::after covers the whole card, so a click anywhere picks.
 * The button's name is the university alone, and location and ranking describe it. Before the
 * scripts run it submits the page's form with the picks it makes (issue 26).
 */
export function UniversityCard({
  university,
  isPicked,
  isDimmed,
  picksAfter,
  onToggle,
}: {
  university: University;
  isPicked: boolean;
  isDimmed: boolean;
  /** The picks once this card is tapped: what its button submits before the scripts run. */
  picksAfter: string;
  onToggle: () => void;
}) {
  const says = useCatalogueText();
  const detailsId = `uni-${university.id}-details`;
  return (
    <div
      className={`group relative flex h-full items-center gap-4 rounded-[var(--radius-card)] border p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500 ${
        isPicked ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'
      } ${isDimmed ? 'bg-slate-50' : 'bg-white'}`}
    >
      <LogoImage
        src={university.logoUrl}
        size={56}
        className="size-14 shrink-0 rounded-lg bg-slate-50 object-contain"
      />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold leading-snug text-ink">
          <button
            type="submit"
            name={picksParam}
            value={picksAfter}
            aria-pressed={isPicked}
            aria-describedby={detailsId}
            onClick={(event) => {
              event.preventDefault();
              onToggle();
            }}
            className="text-start after:absolute after:inset-0 after:rounded-[var(--radius-card)] focus-visible:outline-none"
          >
            {university.name}
          </button>
        </h3>
        <p id={detailsId} className="mt-1 text-sm text-muted">
          <FormattedMessage
            id="universities.card.details"
            defaultMessage="{location} · UK rank #{rank} · {count, plural, =0 {No programs listed yet} one {# program} other {# programs}}"
            values={{
              location: says.city(university.location),
              rank: university.ranking,
              count: university.programCount,
            }}
          />
        </p>
      </div>
      <span
        aria-hidden="true"
        className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 ${
          isPicked
            ? 'border-brand-700 bg-brand-700 text-white'
            : 'border-slate-300 text-slate-500 group-hover:border-brand-600 group-hover:text-brand-700'
        }`}
      >
        <Icon name={isPicked ? 'check' : 'plus'} className="size-5" />
      </span>
    </div>
  );
}
