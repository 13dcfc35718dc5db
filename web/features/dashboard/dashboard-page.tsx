import { usePageTitle } from '../../components/page-title';
import { RequireSignIn } from '../auth/require-sign-in';
import { SignOutEverywhereButton } from '../auth/sign-out-everywhere-button';

/** Signed-in users only; the list of applications arrives with the applications work. */
export function DashboardPage() {
  usePageTitle('My Applications');
  return (
    <RequireSignIn>
      {(user) => (
        <section className="mx-auto max-w-6xl px-4 py-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-ink">My Applications</h1>
              <p className="mt-1 text-muted">Signed in as {user.email}</p>
            </div>
            <SignOutEverywhereButton />
          </div>
        </section>
      )}
    </RequireSignIn>
  );
}
