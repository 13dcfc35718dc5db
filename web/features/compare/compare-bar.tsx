import { ButtonLink } from '../../components/button';
import { Icon } from '../../components/icons';
import { compareHref, useCompareList } from '../../lib/compare-list';

/** On /programs: what is set aside to compare, and the way there. */
export function CompareBar() {
  const { ids } = useCompareList();
  if (ids.length === 0) return null;
  return (
    <div role="region" aria-label="Compare" className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-brand-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-ink">
        {ids.length === 1 ? '1 program to compare: add one more.' : `${ids.length} programs to compare.`}
      </p>
      {ids.length >= 2 && (
        <ButtonLink to={compareHref(ids)} variant="secondary">
          Compare {ids.length} programs
          <Icon name="arrowRight" />
        </ButtonLink>
      )}
    </div>
  );
}
