import { Alert } from '../../components/alert';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useUniversities } from '../../lib/catalogue';

export function UniversitiesPage() {
  usePageTitle('Choose 3 universities');
  const { data, isPending, isError } = useUniversities();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Choose 3 universities</h1>
      {isPending && <Spinner label="Loading universities…" />}
      {isError && <Alert tone="error">Failed to load universities. Please try again later.</Alert>}
      {data && (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((u) => (
            <li key={u.id} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <img src={u.logoUrl} alt="" width={56} height={56} />
              <div>
                <h2 className="font-semibold">{u.name}</h2>
                <p className="text-sm text-muted">
                  {u.location} · UK rank #{u.ranking}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
