import { createContext, use, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigateOptions,
  type Navigator,
  type To,
} from 'react-router';

/**
 * The browser's router (React Router's declarative mode, like its BrowserRouter), with what the
 * portal's screens expect of a navigation:
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

/** Browser history, and a navigator that tells the listener the options of the navigation. */
function createHistory() {
  const history = createBrowserHistory({ window, v5Compat: true });
  let options: NavigateOptions | undefined;
  const withOptions =
    (change: (to: To, state?: unknown) => void) => (to: To, state?: unknown, opts?: NavigateOptions) => {
      options = opts;
      try {
        change(to, state);
      } finally {
        options = undefined;
      }
    };
  const navigator: Navigator = {
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push: withOptions(history.push),
    replace: withOptions(history.replace),
  };
  return { history, navigator, options: () => options };
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
  const [{ history, navigator, options }] = useState(createHistory);
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
    preventScrollReset: false,
  }));
  const [isPending, startTransition] = useTransition();
  const [loadsCode, setLoadsCode] = useState(false);

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const asked = options();
        const next = { action, location, preventScrollReset: asked?.preventScrollReset === true };
        // a failed load shows when its screen renders (the error boundary)
        const loading = loadCode(location.pathname)?.catch(() => undefined);
        if (asked?.flushSync) {
          flushSync(() => setShown(next));
          return;
        }
        setLoadsCode(loading !== undefined);
        startTransition(() => setShown(next));
      }),
    [history, options, loadCode],
  );

  useLayoutEffect(() => {
    // the first address, back and forward: the browser's own scroll (and restoration)
    if (shown.action === NavigationType.Pop) return;
    const target = scrollTarget(shown.location.hash);
    if (target) target.scrollIntoView();
    else if (!shown.preventScrollReset) window.scrollTo(0, 0);
  }, [shown]);

  return (
    <NavigationPendingContext value={isPending && loadsCode}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
