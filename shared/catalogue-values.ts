/**
 * The catalogue's fixed lists, apart from the zod schemas built on them: pages that only show a
 * filter (/programs, /guide) import these without loading zod.
 */
export const studyLevels = ['Bachelors', 'Masters'] as const;
export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** The intakes the filter offers first; any month is a valid intake. */
export const intakes = ['September', 'January'] as const;
/** The spec's five categories: the defaults of the list the team manages (program_categories). */
export const programCategories = [
  'Engineering',
  'Business',
  'IT',
  'Cybersecurity',
  'Tourism',
] as const;
export const ukRegions = [
  'London',
  'South East',
  'South West',
  'East of England',
  'East Midlands',
  'West Midlands',
  'Yorkshire and the Humber',
  'North West',
  'North East',
  'Wales',
  'Scotland',
  'Northern Ireland',
] as const;
export const studyModes = ['Full-time', 'Part-time'] as const;
export const programSorts = ['ranking', 'fee', 'name'] as const;
