import { universityMatches } from '../../../shared/place-names';
import type { University } from '../../../shared/schemas/catalogue';

/**
 * As the user types: name or city, the city also in the site's other languages, accents and
 * case ignored (the server's search does the same).
 */
export function filterUniversities(
  universities: readonly University[],
  query: string,
): University[] {
  return universities.filter((u) => universityMatches(u, query));
}
