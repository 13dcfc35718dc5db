import { intakes, programCategories, studyLevels, type Program } from '../../../shared/schemas/catalogue';

export const filterGroups = [
  { key: 'level', label: 'Level', options: studyLevels },
  { key: 'intake', label: 'Intake', options: intakes },
  { key: 'category', label: 'Category', options: programCategories },
] as const;

export type FilterKey = (typeof filterGroups)[number]['key'];
export type ProgramFilters = { q: string } & Partial<Record<FilterKey, string>>;

/** Name search plus single-select filters; programs at the picked universities come first. */
export function filterPrograms(programs: readonly Program[], filters: ProgramFilters, pickedIds: readonly string[]) {
  const needle = filters.q.trim().toLocaleLowerCase('en-GB');
  return programs
    .filter(
      (p) =>
        (!needle || p.name.toLocaleLowerCase('en-GB').includes(needle)) &&
        (!filters.level || p.level === filters.level) &&
        (!filters.intake || p.intake === filters.intake) &&
        (!filters.category || p.category === filters.category),
    )
    .sort((a, b) => Number(pickedIds.includes(b.universityId)) - Number(pickedIds.includes(a.universityId)));
}
