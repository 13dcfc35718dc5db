import { intakes, programCategories, studyLevels, ukRegions } from '../../../shared/catalogue-values';

/** Single-select chips: choosing the chosen option again turns the filter off. */
export const filterGroups = [
  { key: 'level', label: 'Level', options: studyLevels },
  { key: 'intake', label: 'Intake', options: intakes },
  { key: 'category', label: 'Category', options: programCategories },
] as const;

export type FilterKey = (typeof filterGroups)[number]['key'];

/** Drop-down filters and the sort, with their options as the API takes them. */
export const selectFilters = [
  {
    key: 'region',
    label: 'Region',
    options: [{ value: '', label: 'Anywhere in the UK' }, ...ukRegions.map((r) => ({ value: r, label: r }))],
  },
  {
    key: 'feeMax',
    label: 'Tuition per year',
    options: [
      { value: '', label: 'Any fee' },
      ...[20_000, 25_000, 30_000, 35_000, 40_000, 45_000].map((n) => ({ value: String(n), label: `Up to £${n.toLocaleString('en-GB')}` })),
    ],
  },
  {
    key: 'ielts',
    label: 'IELTS you have',
    options: [
      { value: '', label: 'Any requirement' },
      ...['5.5', '6', '6.5', '7', '7.5'].map((n) => ({ value: n, label: `Asks ${Number(n).toFixed(1)} or less` })),
    ],
  },
  {
    key: 'sort',
    label: 'Sort by',
    options: [
      { value: '', label: 'University ranking' },
      { value: 'fee', label: 'Tuition, lowest first' },
      { value: 'name', label: 'Program name' },
    ],
  },
] as const;

export type SelectKey = (typeof selectFilters)[number]['key'];
