import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { Router as WouterRouter } from 'wouter';
import { currentLocation, pushAddress, type NavigationType } from './browser-history';
import {
  LocationContext,
  NavigatorContext,
  wouterHooks,
  type Location,
  type NavigateOptions,
} from './location';

/**
 * The browser's router, with what the portal's screens expect of a navigation:
 * - a new address renders in a transition: the screen on show stays until the next one is ready
 *   (its code loaded), with a pending bar meanwhile (`useNavigationPending`);
 * - `navigate(to, { flushSync: true })` shows the new address before `navigate` returns (a
 *   sign-out moves off a protected page before it could redirect to /login itself);
 * - after a link or `navigate`, the page shows its top, or the element of the address's #hash,
 *   unless `preventScrollReset`; back and forward leave the scroll to the browser, which restores it.
 */

const NavigationPendingContext = createContext(false);

/** True while a navigation waits for the code of its screen. */
export const useNavigationPending = () => use(NavigationPendingContext);

interface Shown {
  action: NavigationType;
  location: Location;
  preventScrollReset: boolean;
}

function scrollTarget(hash: string) {
  try {
    return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null;
  }
}

export function BrowserRouter({
  children,
  loadCode,
}: {
  children: ReactNode;
  /** Starts loading the code of an address's screens; null when it is all here. */
  loadCode: (pathname: string) => Promise<void> | null;
}) {
  const [shown, setShown] = useState<Shown>(() => ({
    action: 'POP',
    location: currentLocation(),
    preventScrollReset: false,
  }));
  const [isPending, startTransition] = useTransition();
  const [loadsCode, setLoadsCode] = useState(false);

  const show = useCallback(
    (action: NavigationType, options: NavigateOptions = {}) => {
      const location = currentLocation();
      const next = { action, location, preventScrollReset: options.preventScrollReset === true };
      // a failed load shows when its screen renders (the error boundary)
      const loading = loadCode(location.pathname)?.catch(() => undefined);
      if (options.flushSync) {
        flushSync(() => setShown(next));
        return;
      }
      setLoadsCode(loading !== undefined);
      startTransition(() => setShown(next));
    },
    [loadCode],
  );

  const navigate = useCallback(
    (to: string, options: NavigateOptions = {}) => {
      if (pushAddress(to, options)) show(options.replace ? 'REPLACE' : 'PUSH', options);
    },
    [show],
  );

  useEffect(() => {
    const onPop = () => show('POP');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  useLayoutEffect(() => {
    // the first address, back and forward: the browser's own scroll (and restoration)
    if (shown.action === 'POP') return;
    const target = scrollTarget(shown.location.hash);
    if (target) target.scrollIntoView();
    else if (!shown.preventScrollReset) window.scrollTo(0, 0);
  }, [shown]);

  return (
    <NavigationPendingContext value={isPending && loadsCode}>
      <NavigatorContext value={navigate}>
        <LocationContext value={shown.location}>
          <WouterRouter {...wouterHooks}>{children}</WouterRouter>
        </LocationContext>
      </NavigatorContext>
    </NavigationPendingContext>
  );
}
