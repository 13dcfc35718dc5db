import { Icon } from '../../components/icons';
import { filterGroups, type FilterKey, type ProgramFilters } from './program-filters';

/** Each group is single-select: choosing the chosen option again turns the filter off. */
export function FilterBar({
  filters,
  onSearch,
  onToggle,
}: {
  filters: ProgramFilters;
  onSearch: (text: string) => void;
  onToggle: (key: FilterKey, value: string) => void;
}) {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor="program-search" className="block text-sm font-medium text-ink">
        Search programs by name
      </label>
      <div className="relative mt-1">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
        <input
          id="program-search"
          type="search"
          value={filters.q}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="e.g. Computer Science"
          autoComplete="off"
          className="block w-full rounded-lg border border-slate-400 bg-white py-3 pl-10 pr-3 text-base text-ink placeholder:text-slate-500 focus:border-brand-700"
        />
      </div>
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:flex-wrap md:gap-x-8">
        {filterGroups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`filter-${group.key}`}>
            <p id={`filter-${group.key}`} className="text-sm font-medium text-ink">
              {group.label}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {group.options.map((option) => {
                const isOn = filters[group.key] === option;
                return (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={isOn}
                    onClick={() => onToggle(group.key, option)}
                    className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${
                      isOn
                        ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700'
                    }`}
                  >
                    {isOn && <Icon name="check" className="size-4" />}
                    {option}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
