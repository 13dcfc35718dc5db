import { useQuery } from '@tanstack/react-query';
import type { SavedGuidance } from '../../../shared/schemas/guidance';
import { apiGet } from '../../lib/api-client';
import { ErrorText } from '../../components/error-text';

/** The guidance the student last asked for while signed in (issue 11 item 4), beside their application. */
export function StudentGuidance({ applicationId }: { applicationId: string }) {
  const query = useQuery({
    queryKey: ['staff', 'application', applicationId, 'guidance'],
    queryFn: () =>
      apiGet<{ guidance: SavedGuidance | null }>(
        `/api/staff/applications/${encodeURIComponent(applicationId)}/guidance`,
      ),
    staleTime: 0,
  });
  const g = query.data?.guidance;
  return (
    <section
      aria-labelledby="student-guidance"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="student-guidance" className="text-lg font-semibold">
        Student&apos;s guidance
      </h2>
      {query.isError && (
        <p className="text-sm text-red-700">
          <ErrorText error={query.error} />
        </p>
      )}
      {query.data && !g && (
        <p className="text-sm text-muted">
          The student has not asked for guidance while signed in.
        </p>
      )}
      {g && (
        <div className="mt-2 space-y-2 text-sm">
          <p className="text-muted">
            Asked{' '}
            {new Date(g.savedAt).toLocaleDateString('en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
            : {g.profile.level}, {g.profile.subjects || 'any subject'}, budget{' '}
            {g.profile.budgetGbp ? `£${g.profile.budgetGbp.toLocaleString('en-GB')}` : 'not given'},
            IELTS {g.profile.ielts ?? 'not yet'}, {g.profile.qualification}.
          </p>
          <ol className="list-decimal space-y-1 pl-5">
            {g.results.slice(0, 5).map((r) => (
              <li key={r.programId}>
                <span className="font-medium">{r.programName}</span>, {r.universityName}
                {r.warnings.length > 0 && (
                  <span className="block text-amber-900">{r.warnings.join('; ')}</span>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
