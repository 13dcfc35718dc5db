import type { RouteObject } from 'react-router';
import { Layout } from './components/layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { catalogueQueries, programQuery, programSearchQuery } from './lib/catalogue';
import { parseCompareIds } from './lib/compare-list';
import type { PageHandle } from '../shared/page-rendering';

/**
 * The route table of the spec's section 2; every screen is its own lazily loaded chunk. Public
 * pages carry a `handle` (PageHandle): the server renders them to HTML with their data, and the
 * browser hydrates them.
 */
const ssr = (module: string, data?: PageHandle['ssr']['data']): PageHandle => ({ ssr: { module, data } });

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // a page the server did not render waits for its code with nothing on screen
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        handle: ssr('features/home/home-page.tsx'),
        lazy: () => import('./features/home/home-page').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'universities',
        handle: ssr('features/universities/universities-page.tsx', () => [catalogueQueries.universities]),
        lazy: () => import('./features/universities/universities-page').then((m) => ({ Component: m.UniversitiesPage })),
      },
      {
        path: 'programs',
        handle: ssr('features/programs/programs-page.tsx', (url) => [
          programSearchQuery(url.searchParams, []),
          catalogueQueries.universities,
          catalogueQueries.categories,
        ]),
        lazy: () => import('./features/programs/programs-page').then((m) => ({ Component: m.ProgramsPage })),
      },
      {
        path: 'guide',
        handle: ssr('features/guide/guide-page.tsx'),
        lazy: () => import('./features/guide/guide-page').then((m) => ({ Component: m.GuidePage })),
      },
      {
        path: 'compare',
        handle: ssr('features/compare/compare-page.tsx', (url) =>
          parseCompareIds(url.searchParams.get('programs')).map((id) => programQuery(id)),
        ),
        lazy: () => import('./features/compare/compare-page').then((m) => ({ Component: m.ComparePage })),
      },
      {
        path: 'application',
        lazy: () => import('./features/application/application-page').then((m) => ({ Component: m.ApplicationPage })),
      },
      {
        path: 'track',
        handle: ssr('features/track/track-page.tsx'),
        lazy: () => import('./features/track/track-page').then((m) => ({ Component: m.TrackPage })),
      },
      {
        path: 'login',
        handle: ssr('features/auth/login-page.tsx'),
        lazy: () => import('./features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'login/link',
        lazy: () => import('./features/auth/sign-in-link-page').then((m) => ({ Component: m.SignInLinkPage })),
      },
      {
        path: 'register',
        handle: ssr('features/auth/register-page.tsx'),
        lazy: () => import('./features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'reset-password',
        lazy: () => import('./features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'dashboard',
        lazy: () => import('./features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: 'account',
        lazy: () => import('./features/account/account-page').then((m) => ({ Component: m.AccountPage })),
      },
      {
        path: 'account/deleted',
        lazy: () => import('./features/account/account-page').then((m) => ({ Component: m.AccountDeletedPage })),
      },
      {
        path: 'refer',
        handle: ssr('features/refer/refer-page.tsx'),
        lazy: () => import('./features/refer/refer-page').then((m) => ({ Component: m.ReferPage })),
      },
      {
        path: 'free',
        handle: ssr('features/consult/free-page.tsx', () => [catalogueQueries.consultants]),
        lazy: () => import('./features/consult/free-page').then((m) => ({ Component: m.FreePage })),
      },
      { path: 'staff/*', lazy: () => import('./features/staff/staff-console').then((m) => ({ Component: m.StaffConsole })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
