import type { University } from '../../../shared/schemas/catalogue';

/** Case-insensitive match on name or location, as the user types. */
export function filterUniversities(
  universities: readonly University[],
  query: string,
): University[] {
  const needle = query.trim().toLocaleLowerCase('en-GB');
  if (!needle) return [...universities];
  return universities.filter(
    (u) =>
      u.name.toLocaleLowerCase('en-GB').includes(needle) ||
      u.location.toLocaleLowerCase('en-GB').includes(needle),
  );
}
