import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../components/button';
import { Icon } from '../../components/icons';
import { Link } from '../../lib/router';
import { control } from '../../components/field';
import { useCategories } from '../../lib/catalogue';
import { useCatalogueText } from '../../lib/catalogue-text';
import {
  filterGroups,
  selectFilters,
  withAsked,
  type FilterKey,
  type SelectKey,
} from './program-filters';

/** Words, chips and drop-downs; every choice lives in the page's address. */
type OptionLabel =
  string | MessageDescriptor | { message: MessageDescriptor; values: Record<string, number> };

/** The list's address with one filter set (or cleared), from its first page. */
function hrefWith(params: URLSearchParams, key: string, value: string | undefined) {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  next.delete('page');
  const query = next.toString().replace(/%2C/gi, ',');
  return query ? `/programs?${query}` : '/programs';
}

/**
 * Before the scripts run, the bar is a plain form of /programs (issue 26): the chips are links to
 * the list filtered, and the words and drop-downs are sent with "Show programs"; the server
 * answers with the list as asked. Once hydrated, each change applies at once.
 */
export function FilterBar({
  params,
  onChange,
  onShow,
}: {
  params: URLSearchParams;
  onChange: (key: 'q' | FilterKey | SelectKey, value: string | undefined) => void;
  /** "Show programs" once everything already applies: brings the results into view. */
  onShow: () => void;
}) {
  const intl = useIntl();
  // the team's own list once read (the first paint has it too), the defaults until then
  const categories = useCategories().data;
  const says = useCatalogueText();
  // levels, months and the categories the catalogue starts with in the reader's words
  const chipLabel = (key: FilterKey, option: string) =>
    key === 'level'
      ? says.level(option)
      : key === 'intake'
        ? says.month(option)
        : says.category(option);
  const optionsOf = (group: (typeof filterGroups)[number]): readonly string[] => {
    if (group.key !== 'category' || !categories) return group.options;
    const chosen = params.get('category');
    return chosen && !categories.includes(chosen) ? [...categories, chosen] : categories;
  };
  const optionLabel = (label: OptionLabel) =>
    typeof label === 'string'
      ? says.region(label)
      : 'message' in label
        ? intl.formatMessage(label.message, label.values)
        : intl.formatMessage(label);
  // what the form sends besides its own fields: the chips' choices and the picks
  const kept = [...params].filter(
    ([key]) => key !== 'q' && key !== 'page' && !selectFilters.some((f) => f.key === key),
  );
  return (
    <form
      method="get"
      action="/programs"
      onSubmit={(event) => {
        event.preventDefault();
        onShow();
      }}
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="program-search" className="block text-sm font-medium text-ink">
        <FormattedMessage
          id="programs.search.label"
          defaultMessage="Search programs by name, university, city or subject"
        />
      </label>
      <div className="relative mt-1">
        <Icon
          name="search"
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id="program-search"
          name="q"
          type="search"
          value={params.get('q') ?? ''}
          onChange={(event) => onChange('q', event.target.value)}
          placeholder={intl.formatMessage({
            id: 'programs.search.placeholder',
            defaultMessage: 'e.g. Computer Science, Glasgow',
          })}
          autoComplete="off"
          maxLength={100}
          className="block w-full rounded-lg border border-slate-400 bg-white py-3 ps-10 pe-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-700"
        />
      </div>
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:flex-wrap md:gap-x-8">
        {filterGroups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`filter-${group.key}`}>
            <p id={`filter-${group.key}`} className="text-sm font-medium text-ink">
              {intl.formatMessage(group.label)}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {optionsOf(group).map((option) => {
                const isOn = params.get(group.key) === option;
                return (
                  <Link
                    key={option}
                    to={hrefWith(params, group.key, isOn ? undefined : option)}
                    preventScrollReset
                    role="button"
                    aria-pressed={isOn}
                    onKeyDown={(event) => {
                      if (event.key !== ' ') return;
                      event.preventDefault();
                      event.currentTarget.click();
                    }}
                    className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
                      isOn
                        ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700'
                    }`}
                  >
                    {isOn && <Icon name="check" className="size-4" />}
                    {chipLabel(group.key, option)}
                  </Link>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {selectFilters.map((filter) => (
          <div key={filter.key}>
            <label
              htmlFor={`filter-select-${filter.key}`}
              className="block text-sm font-medium text-ink"
            >
              {intl.formatMessage(filter.label)}
            </label>
            <select
              id={`filter-select-${filter.key}`}
              name={filter.key}
              value={params.get(filter.key) ?? ''}
              onChange={(event) => onChange(filter.key, event.target.value || undefined)}
              className={`${control} mt-1`}
            >
              {withAsked(filter, params.get(filter.key)).map((option) => (
                <option key={option.value} value={option.value}>
                  {optionLabel(option.label)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <Button type="submit" variant="secondary" className="mt-4">
        <FormattedMessage id="programs.filter.show" defaultMessage="Show programs" />
      </Button>
    </form>
  );
}
