import type { RouteObject } from 'react-router';
import { Layout } from './components/layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';
import { catalogueQueries, programQuery, programSearchQuery } from './lib/catalogue';
import { parseCompareIds } from './lib/compare-list';
import { allAreas, loadMessageAreas } from './i18n/messages';
import type { MessageArea } from '../shared/message-areas';
import type { PageHandle } from '../shared/page-rendering';

/**
 * The route table of the spec's section 2; every screen is its own lazily loaded chunk, loaded
 * with the messages of the areas it renders (shared/message-areas.ts; the core area is always
 * there). Public pages carry a `handle` (PageHandle): the server renders them to HTML with their
 * data and preloads their code and messages, and the browser hydrates them.
 */
const ssr = (module: string, data?: PageHandle['ssr']['data']) => ({ module, data });

function screen<T>(
  areas: readonly MessageArea[],
  load: () => Promise<T>,
  rendered?: ReturnType<typeof ssr>,
) {
  const lazy = async () => (await Promise.all([load(), loadMessageAreas(areas)]))[0];
  return rendered
    ? { lazy, handle: { ssr: { ...rendered, areas } } satisfies PageHandle }
    : { lazy };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // a page the server did not render waits for its code with nothing on screen
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        ...screen(
          ['catalogue'],
          () => import('./features/home/home-page').then((m) => ({ Component: m.HomePage })),
          ssr('features/home/home-page.tsx'),
        ),
      },
      {
        path: 'universities',
        ...screen(
          ['catalogue', 'auth'],
          () =>
            import('./features/universities/universities-page').then((m) => ({
              Component: m.UniversitiesPage,
            })),
          ssr('features/universities/universities-page.tsx', () => [catalogueQueries.universities]),
        ),
      },
      {
        path: 'programs',
        ...screen(
          ['catalogue'],
          () =>
            import('./features/programs/programs-page').then((m) => ({
              Component: m.ProgramsPage,
            })),
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
          () => import('./features/guide/guide-page').then((m) => ({ Component: m.GuidePage })),
          ssr('features/guide/guide-page.tsx'),
        ),
      },
      {
        path: 'compare',
        ...screen(
          ['catalogue'],
          () =>
            import('./features/compare/compare-page').then((m) => ({ Component: m.ComparePage })),
          ssr('features/compare/compare-page.tsx', (url) =>
            parseCompareIds(url.searchParams.get('programs')).map((id) => programQuery(id)),
          ),
        ),
      },
      {
        path: 'application',
        ...screen(['application', 'auth'], () =>
          import('./features/application/application-page').then((m) => ({
            Component: m.ApplicationPage,
          })),
        ),
      },
      {
        path: 'track',
        ...screen(
          ['application'],
          () => import('./features/track/track-page').then((m) => ({ Component: m.TrackPage })),
          ssr('features/track/track-page.tsx'),
        ),
      },
      {
        path: 'login',
        ...screen(
          ['auth', 'account'],
          () => import('./features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
          ssr('features/auth/login-page.tsx'),
        ),
      },
      {
        path: 'login/link',
        ...screen(['auth', 'account'], () =>
          import('./features/auth/sign-in-link-page').then((m) => ({
            Component: m.SignInLinkPage,
          })),
        ),
      },
      {
        path: 'register',
        ...screen(
          ['auth', 'account'],
          () =>
            import('./features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
          ssr('features/auth/register-page.tsx'),
        ),
      },
      {
        path: 'reset-password',
        ...screen(['auth', 'account'], () =>
          import('./features/auth/reset-password-page').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
        ),
      },
      {
        path: 'dashboard',
        ...screen(['account', 'application', 'auth'], () =>
          import('./features/dashboard/dashboard-page').then((m) => ({
            Component: m.DashboardPage,
          })),
        ),
      },
      {
        path: 'account',
        ...screen(['account', 'auth'], () =>
          import('./features/account/account-page').then((m) => ({ Component: m.AccountPage })),
        ),
      },
      {
        path: 'account/deleted',
        ...screen(['account', 'auth'], () =>
          import('./features/account/account-page').then((m) => ({
            Component: m.AccountDeletedPage,
          })),
        ),
      },
      {
        path: 'refer',
        ...screen(
          ['refer'],
          () => import('./features/refer/refer-page').then((m) => ({ Component: m.ReferPage })),
          ssr('features/refer/refer-page.tsx'),
        ),
      },
      {
        path: 'free',
        ...screen(
          ['catalogue'],
          () => import('./features/consult/free-page').then((m) => ({ Component: m.FreePage })),
          ssr('features/consult/free-page.tsx', () => [catalogueQueries.consultants]),
        ),
      },
      {
        path: 'staff/*',
        ...screen(allAreas, () =>
          import('./features/staff/staff-console').then((m) => ({ Component: m.StaffConsole })),
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
