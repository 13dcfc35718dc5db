import type { ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { Layout } from './components/layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteErrorBoundary } from './components/route-error';
import { catalogueQueries, programQuery, programSearchQuery } from './lib/catalogue';
import { parseCompareIds } from './lib/compare-list';
import { lazyScreen, loadScreens, ScreenView, type RouteHandle } from './lib/screens';
import { allAreas } from './i18n/messages';
import type { MessageArea } from '../shared/message-areas';
import type { PageHandle } from '../shared/page-rendering';

/**
 * The route table of the spec's section 2; every screen is its own lazily loaded chunk, loaded
 * with the messages of the areas it renders (shared/message-areas.ts; the core area is always
 * there). Public pages carry a `handle.ssr` (PageHandle): the server renders them to HTML with
 * their data and preloads their code and messages, and the browser hydrates them.
 */
const ssr = (module: string, data?: PageHandle['ssr']['data']) => ({ module, data });

function screen(
  areas: readonly MessageArea[],
  load: () => Promise<ComponentType>,
  rendered?: ReturnType<typeof ssr>,
): Pick<RouteObject, 'element' | 'handle'> {
  const lazy = lazyScreen(areas, load);
  const handle: RouteHandle = rendered ? { screen: lazy, ssr: { ...rendered, areas } } : { screen: lazy };
  return { element: <ScreenView screen={lazy} />, handle };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        index: true,
        ...screen(
          ['catalogue'],
          () => import('./features/home/home-page').then((m) => m.HomePage),
          ssr('features/home/home-page.tsx'),
        ),
      },
      {
        path: 'universities',
        ...screen(
          ['catalogue', 'auth'],
          () =>
            import('./features/universities/universities-page').then((m) => m.UniversitiesPage),
          ssr('features/universities/universities-page.tsx', () => [catalogueQueries.universities]),
        ),
      },
      {
        path: 'programs',
        ...screen(
          ['catalogue'],
          () =>
            import('./features/programs/programs-page').then((m) => m.ProgramsPage),
          ssr('features/programs/programs-page.tsx', (url) => [
            programSearchQuery(url.searchParams, []),
            catalogueQueries.universities,
            catalogueQueries.categories,
          ]),
        ),
      },
      {
        path: 'guide',
        ...screen(
          ['guide', 'catalogue', 'auth'],
          () => import('./features/guide/guide-page').then((m) => m.GuidePage),
          ssr('features/guide/guide-page.tsx'),
        ),
      },
      {
        path: 'compare',
        ...screen(
          ['catalogue'],
          () =>
            import('./features/compare/compare-page').then((m) => m.ComparePage),
          ssr('features/compare/compare-page.tsx', (url) =>
            parseCompareIds(url.searchParams.get('programs')).map((id) => programQuery(id)),
          ),
        ),
      },
      {
        path: 'application',
        ...screen(['application', 'auth'], () =>
          import('./features/application/application-page').then((m) => m.ApplicationPage),
        ),
      },
      {
        path: 'track',
        ...screen(
          ['application'],
          () => import('./features/track/track-page').then((m) => m.TrackPage),
          ssr('features/track/track-page.tsx'),
        ),
      },
      {
        path: 'login',
        ...screen(
          ['auth', 'account'],
          () => import('./features/auth/login-page').then((m) => m.LoginPage),
          ssr('features/auth/login-page.tsx'),
        ),
      },
      {
        path: 'login/link',
        ...screen(['auth', 'account'], () =>
          import('./features/auth/sign-in-link-page').then((m) => m.SignInLinkPage),
        ),
      },
      {
        path: 'register',
        ...screen(
          ['auth', 'account'],
          () =>
            import('./features/auth/register-page').then((m) => m.RegisterPage),
          ssr('features/auth/register-page.tsx'),
        ),
      },
      {
        path: 'reset-password',
        ...screen(['auth', 'account'], () =>
          import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        path: 'dashboard',
        ...screen(['account', 'application', 'auth'], () =>
          import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage),
        ),
      },
      {
        path: 'account',
        ...screen(['account', 'auth'], () =>
          import('./features/account/account-page').then((m) => m.AccountPage),
        ),
      },
      {
        path: 'account/deleted',
        ...screen(['account', 'auth'], () =>
          import('./features/account/account-page').then((m) => m.AccountDeletedPage),
        ),
      },
      {
        path: 'refer',
        ...screen(
          ['refer'],
          () => import('./features/refer/refer-page').then((m) => m.ReferPage),
          ssr('features/refer/refer-page.tsx'),
        ),
      },
      {
        path: 'free',
        ...screen(
          ['catalogue'],
          () => import('./features/consult/free-page').then((m) => m.FreePage),
          ssr('features/consult/free-page.tsx', () => [catalogueQueries.consultants]),
        ),
      },
      {
        path: 'staff/*',
        ...screen(allAreas, () =>
          import('./features/staff/staff-console').then((m) => m.StaffConsole),
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Loads the screens shown at this address (null: they are loaded). */
export const loadRouteCode = (pathname: string) => loadScreens(routes, pathname);

/** The pages at the router's address; if rendering them fails, the error page instead. */
export function AppRoutes() {
  const { key } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={key}>{element}</RouteErrorBoundary>;
}
