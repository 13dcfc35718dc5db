import type { ComponentType, ReactNode } from 'react';
import { Layout } from './components/layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteErrorBoundary } from './components/route-error';
import {
  catalogueQueries,
  programPageQuery,
  programQuery,
  programSearchQuery,
} from './lib/catalogue';
import { parseCompareIds } from './lib/compare-list';
import { Route, Switch, useLocation } from './lib/router';
import { lazyScreen, loadScreens, ScreenView, type AppRoute } from './lib/screens';
import { allAreas } from './i18n/messages';
import type { MessageArea } from '../shared/message-areas';
import type { PageHandle } from '../shared/page-rendering';
import { parsePicks, picksParam } from '../shared/university-picks';

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
): Omit<AppRoute, 'path'> {
  const lazy = lazyScreen(areas, load);
  return rendered ? { screen: lazy, ssr: { ...rendered, areas } } : { screen: lazy };
}

/** Paths in wouter's syntax (regexparam): case does not matter, a trailing slash is allowed. */
export const routes: AppRoute[] = [
  {
    path: '/',
    ...screen(
      ['home'],
      () => import('./features/home/home-page').then((m) => m.HomePage),
      ssr('features/home/home-page.tsx'),
    ),
  },
  {
    path: '/universities',
    ...screen(
      ['universities'],
      () => import('./features/universities/universities-page').then((m) => m.UniversitiesPage),
      ssr('features/universities/universities-page.tsx', () => [catalogueQueries.universities]),
    ),
  },
  {
    path: '/programs',
    ...screen(
      ['programs', 'terms'],
      () => import('./features/programs/programs-page').then((m) => m.ProgramsPage),
      ssr('features/programs/programs-page.tsx', (url) => [
        programSearchQuery(url.searchParams, parsePicks(url.searchParams.get(picksParam))),
        catalogueQueries.universities,
        catalogueQueries.categories,
      ]),
    ),
  },
  {
    path: '/programs/:id',
    ...screen(
      ['programs', 'terms'],
      () => import('./features/programs/program-page').then((m) => m.ProgramPage),
      ssr('features/programs/program-page.tsx', (url) => [
        programPageQuery(url.pathname.split('/')[2] ?? ''),
      ]),
    ),
  },
  {
    path: '/guide',
    ...screen(
      ['guide', 'auth', 'terms'],
      () => import('./features/guide/guide-page').then((m) => m.GuidePage),
      ssr('features/guide/guide-page.tsx'),
    ),
  },
  {
    path: '/compare',
    ...screen(
      ['compare', 'terms'],
      () => import('./features/compare/compare-page').then((m) => m.ComparePage),
      ssr('features/compare/compare-page.tsx', (url) =>
        parseCompareIds(url.searchParams.get('programs')).map((id) => programQuery(id)),
      ),
    ),
  },
  {
    path: '/application',
    ...screen(['application', 'auth', 'terms'], () =>
      import('./features/application/application-page').then((m) => m.ApplicationPage),
    ),
  },
  {
    path: '/privacy',
    ...screen(['application', 'terms'], () =>
      import('./features/application/privacy-page').then((m) => m.PrivacyPage),
    ),
  },
  {
    path: '/track',
    ...screen(
      ['application', 'terms'],
      () => import('./features/track/track-page').then((m) => m.TrackPage),
      ssr('features/track/track-page.tsx'),
    ),
  },
  {
    path: '/login',
    ...screen(
      ['auth', 'account'],
      () => import('./features/auth/login-page').then((m) => m.LoginPage),
      ssr('features/auth/login-page.tsx'),
    ),
  },
  {
    path: '/login/link',
    ...screen(['auth', 'account'], () =>
      import('./features/auth/sign-in-link-page').then((m) => m.SignInLinkPage),
    ),
  },
  {
    path: '/confirm-email',
    ...screen(['auth', 'account'], () =>
      import('./features/auth/confirm-email-page').then((m) => m.ConfirmEmailPage),
    ),
  },
  {
    path: '/register',
    ...screen(
      ['auth', 'account'],
      () => import('./features/auth/register-page').then((m) => m.RegisterPage),
      ssr('features/auth/register-page.tsx'),
    ),
  },
  {
    path: '/reset-password',
    ...screen(['auth', 'account'], () =>
      import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: '/dashboard',
    ...screen(['account', 'application', 'auth', 'terms'], () =>
      import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage),
    ),
  },
  {
    path: '/partner',
    ...screen(['partner', 'application', 'account', 'auth'], () =>
      import('./features/partner/partner-page').then((m) => m.PartnerPage),
    ),
  },
  {
    path: '/account',
    ...screen(['account', 'auth'], () =>
      import('./features/account/account-page').then((m) => m.AccountPage),
    ),
  },
  {
    path: '/account/review-sign-in',
    ...screen(['account', 'auth'], () =>
      import('./features/account/review-sign-in-page').then((m) => m.ReviewSignInPage),
    ),
  },
  {
    path: '/account/deleted',
    ...screen(['account', 'auth'], () =>
      import('./features/account/account-page').then((m) => m.AccountDeletedPage),
    ),
  },
  {
    path: '/refer',
    ...screen(
      ['refer'],
      () => import('./features/refer/refer-page').then((m) => m.ReferPage),
      ssr('features/refer/refer-page.tsx'),
    ),
  },
  {
    path: '/free',
    ...screen(
      ['free'],
      () => import('./features/consult/free-page').then((m) => m.FreePage),
      ssr('features/consult/free-page.tsx', () => [catalogueQueries.consultants]),
    ),
  },
  {
    path: '/free/book/:consultant',
    ...screen(['free'], () => import('./features/booking/book-page').then((m) => m.BookPage)),
  },
  {
    path: '/consultation',
    ...screen(['free'], () =>
      import('./features/booking/consultation-page').then((m) => m.ConsultationPage),
    ),
  },
  {
    path: '/staff/*?',
    ...screen(allAreas, () => import('./features/staff/staff-console').then((m) => m.StaffConsole)),
  },
];

/** Loads the screens shown at this address (null: they are loaded). */
export const loadRouteCode = (pathname: string) => loadScreens(routes, pathname);

/** The page at the router's address in the site's frame; if rendering it fails, the error page instead. */
export function AppRoutes(): ReactNode {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <Layout>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path}>
              <ScreenView screen={route.screen} />
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Layout>
    </RouteErrorBoundary>
  );
}
