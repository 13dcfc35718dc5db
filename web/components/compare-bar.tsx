import { FormattedMessage, useIntl } from 'react-intl';
import { ButtonLink } from './button';
import { Icon } from './icons';
import { compareHref, useCompareList } from '../lib/compare-list';

/** On /programs: what is set aside to compare, and the way there. */
export function CompareBar() {
  const intl = useIntl();
  const { ids } = useCompareList();
  if (ids.length === 0) return null;
  return (
    <div
      role="region"
      aria-label={intl.formatMessage({ id: 'compareBar.region', defaultMessage: 'Compare' })}
      className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-brand-200 bg-white p-4 shadow-sm"
    >
      <p className="text-sm text-ink">
        <FormattedMessage
          id="compareBar.count"
          defaultMessage="{count, plural, one {# program to compare: add one more.} other {# programs to compare.}}"
          values={{ count: ids.length }}
        />
      </p>
      {ids.length >= 2 && (
        <ButtonLink to={compareHref(ids)} variant="secondary">
          <FormattedMessage
            id="compareBar.go"
            defaultMessage="Compare {count} programs"
            values={{ count: ids.length }}
          />
          <Icon name="arrowRight" />
        </ButtonLink>
      )}
    </div>
  );
}
