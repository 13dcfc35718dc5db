import type { GuidanceProfile } from '../../../shared/schemas/guidance';

/**
 * The student's answers as /programs filters (issue 26): the level, the intake, the IELTS band
 * they have, their budget as the highest fee, and their region when they named one. Subjects stay
 * out: the guide reads them as any of the words, the program search as all of them.
 */
export function programFiltersOf(profile: GuidanceProfile): URLSearchParams {
  const filters = new URLSearchParams({ level: profile.level });
  if (profile.intake) filters.set('intake', profile.intake);
  if (profile.ielts) filters.set('ielts', profile.ielts);
  if (profile.budgetGbp !== null) filters.set('feeMax', String(profile.budgetGbp));
  if (profile.regions.length === 1) filters.set('region', profile.regions[0]!);
  return filters;
}
