import { defineMessages, type MessageDescriptor } from 'react-intl';
import {
  intakes,
  programCategories,
  studyLevels,
  ukRegions,
} from '../../../shared/catalogue-values';

/** Single-select chips: choosing the chosen option again turns the filter off. */
const m = defineMessages({
  level: { id: 'programs.filter.level', defaultMessage: 'Level' },
  intake: { id: 'programs.filter.intake', defaultMessage: 'Intake' },
  category: { id: 'programs.filter.category', defaultMessage: 'Category' },
  region: { id: 'programs.filter.region', defaultMessage: 'Region' },
  anywhere: { id: 'programs.filter.anywhere', defaultMessage: 'Anywhere in the UK' },
  fee: { id: 'programs.filter.fee', defaultMessage: 'Tuition per year' },
  anyFee: { id: 'programs.filter.anyFee', defaultMessage: 'Any fee' },
  ielts: { id: 'programs.filter.ielts', defaultMessage: 'IELTS you have' },
  anyIelts: { id: 'programs.filter.anyIelts', defaultMessage: 'Any requirement' },
  sort: { id: 'programs.filter.sort', defaultMessage: 'Sort by' },
  byRanking: { id: 'programs.sort.ranking', defaultMessage: 'University ranking' },
  byFee: { id: 'programs.sort.fee', defaultMessage: 'Tuition, lowest first' },
  byName: { id: 'programs.sort.name', defaultMessage: 'Program name' },
});
const { feeUpTo, ieltsAtMost } = defineMessages({
  feeUpTo: {
    id: 'programs.filter.feeUpTo',
    defaultMessage: 'Up to {amount, number, gbp}',
  },
  ieltsAtMost: {
    id: 'programs.filter.ieltsAtMost',
    defaultMessage: 'Asks {score, number, ::.0} or less',
  },
});

/** Labels are messages (shown in the reader's language); the options are the API's values, worded by useCatalogueText. */
export const filterGroups = [
  { key: 'level', label: m.level, options: studyLevels },
  { key: 'intake', label: m.intake, options: intakes },
  { key: 'category', label: m.category, options: programCategories },
] as const;

export type FilterKey = (typeof filterGroups)[number]['key'];

/** Drop-down filters and the sort, with their options as the API takes them. */
export const selectFilters = [
  {
    key: 'region',
    label: m.region,
    options: [{ value: '', label: m.anywhere }, ...ukRegions.map((r) => ({ value: r, label: r }))],
  },
  {
    key: 'feeMax',
    label: m.fee,
    options: [
      { value: '', label: m.anyFee },
      ...[20_000, 25_000, 30_000, 35_000, 40_000, 45_000].map((n) => ({
        value: String(n),
        label: { message: feeUpTo, values: { amount: n } },
      })),
    ],
  },
  {
    key: 'ielts',
    label: m.ielts,
    options: [
      { value: '', label: m.anyIelts },
      ...['5.5', '6', '6.5', '7', '7.5'].map((n) => ({
        value: n,
        label: { message: ieltsAtMost, values: { score: Number(n) } },
      })),
    ],
  },
  {
    key: 'sort',
    label: m.sort,
    options: [
      { value: '', label: m.byRanking },
      { value: 'fee', label: m.byFee },
      { value: 'name', label: m.byName },
    ],
  },
] as const;

export type SelectKey = (typeof selectFilters)[number]['key'];

type SelectFilter = (typeof selectFilters)[number];
type SelectOption = SelectFilter['options'][number] | { value: string; label: OptionLabel };
type OptionLabel =
  string | MessageDescriptor | { message: MessageDescriptor; values: Record<string, number> };

/**
 * A drop-down's options, with the value the address asks for when it is none of them (the guide
 * carries a budget of £33,000, or IELTS 8): the drop-down shows what the list is filtered by.
 */
export function withAsked(filter: SelectFilter, asked: string | null): readonly SelectOption[] {
  if (!asked || filter.options.some((option) => option.value === asked)) return filter.options;
  const amount = Number(asked);
  if (filter.key === 'feeMax' && Number.isInteger(amount) && amount > 0)
    return [...filter.options, { value: asked, label: { message: feeUpTo, values: { amount } } }];
  if (filter.key === 'ielts' && Number.isFinite(amount) && amount > 0)
    return [
      ...filter.options,
      { value: asked, label: { message: ieltsAtMost, values: { score: amount } } },
    ];
  return filter.options;
}
