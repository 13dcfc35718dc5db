import { Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigationPending } from '../lib/router';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { FloatingDock } from './floating-dock';
import { SessionWatcher } from './session-watcher';
import { useSiteDescription } from './page-title';

/** The site's frame (nav, footer, the docked buttons) around the page on show. */
export function Layout({ children }: { children: ReactNode }) {
  // a navigation waiting for its screen's code: the screen on show stays, with this bar
  const isNavigating = useNavigationPending();
  // Staff work in the console; the students' chat button would only cover its panels.
  const { pathname } = useLocation();
  const isStaffConsole = pathname.startsWith('/staff');
  useSiteDescription(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        <FormattedMessage id="layout.skip" defaultMessage="Skip to content" />
      </a>
      <NavBar />
      <SessionWatcher />
      {isNavigating && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-500"
          aria-hidden="true"
        />
      )}
      <main id="main" className="flex-1">
        {/* a screen whose code is not here yet: nothing, until it is (navigations keep the last screen) */}
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <Footer />
      {!isStaffConsole && <FloatingDock />}
    </div>
  );
}
