import { useLocation, useSearchParams } from '../../lib/router';
import type { Program, University } from '../../../shared/schemas/catalogue';
import { useProgram, useUniversities } from '../../lib/catalogue';
import { useSelection } from '../../lib/selection';

export type ApplicationChoice =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'none' }
  | { status: 'ready'; program: Program; university: University; picks: University[] };

/**
 * The program and university to apply for: the one the address names (`?program=`), else the
 * selection store's (D7), so a reload or a direct visit keeps them; the route state of 'Apply Now'
 * only covers a store that could not be written.
 */
export function useApplicationChoice(): ApplicationChoice {
  const location = useLocation();
  const [params] = useSearchParams();
  const { program: chosen, universityIds } = useSelection();
  const state = location.state as { program?: Program } | null;
  // a link to apply for one program (its page's Apply Now, shared or opened before the scripts ran)
  const programId = params.get('program') ?? chosen?.programId ?? state?.program?.id;
  const program = useProgram(programId);
  const universities = useUniversities();

  if (!programId) return { status: 'none' };
  if (program.isPending || universities.isPending) return { status: 'loading' };
  if (
    program.isError &&
    program.error &&
    'status' in program.error &&
    program.error.status === 404
  ) {
    return { status: 'none' };
  }
  if (program.isError || universities.isError) {
    return {
      status: 'error',
      retry: () => {
        void program.refetch();
        void universities.refetch();
      },
    };
  }
  const university = universities.data.find((u) => u.id === program.data.universityId);
  if (!university) return { status: 'none' };
  const picks = universityIds
    .map((id) => universities.data.find((u) => u.id === id))
    .filter((u): u is University => Boolean(u));
  return { status: 'ready', program: program.data, university, picks };
}
