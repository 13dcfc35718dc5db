import { Link } from 'react-router';
import type { University } from '../../../shared/schemas/catalogue';

/** The three universities picked on /universities; their programs are marked in the list below. */
export function PickedUniversities({ picked }: { picked: University[] }) {
  if (picked.length === 0) {
    return (
      <div className="rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">You have not picked your universities yet.</p>
        <p className="mt-1 text-sm">
          You can browse every program, but picking three universities first shows which programs they offer.{' '}
          <Link to="/universities" className="font-semibold underline">
            Choose 3 universities
          </Link>
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="picked-heading" className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="picked-heading" className="text-lg font-semibold">
          Your universities
        </h2>
        <Link to="/universities" className="text-sm font-semibold text-brand-700 hover:underline">
          Change universities
        </Link>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {picked.map((u) => (
          <li key={u.id} className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2">
            <img src={u.logoUrl} alt="" width={36} height={36} className="size-9 shrink-0 rounded-md bg-white object-contain" />
            <span className="min-w-0">
              <span className="block text-sm font-semibold leading-snug">{u.name}</span>
              <span className="block text-xs text-muted">{u.location}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
