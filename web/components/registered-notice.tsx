import { Suspense } from 'react';
import { useLocation } from '../lib/router';
import { lazyScreen, ScreenView } from '../lib/screens';
import { useHydrated } from '../lib/use-hydrated';

// the account screens' words and code come only with the notice: the page showing it does not carry them
const registeredAlert = lazyScreen(['auth'], () =>
  import('../features/auth/registered-alert').then((m) => m.RegisteredAlert),
);

/** After registering (D5): "confirm your e-mail", shown on the page the user lands on. */
export function RegisteredNotice({ className = '' }: { className?: string }) {
  // the history entry's state is the browser's alone (a reload keeps it): read after hydration
  const hydrated = useHydrated();
  const location = useLocation();
  const state = (hydrated ? location.state : null) as { registered?: boolean } | null;
  if (!state?.registered) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <ScreenView screen={registeredAlert} />
      </Suspense>
    </div>
  );
}
