import { createBrowserRouter } from 'react-router';
import { Layout } from './components/layout';
import { NotFoundPage } from './components/not-found-page';
import { RouteError } from './components/route-error';

/** The route table of the spec's section 2; every screen is its own lazily loaded chunk. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./features/home/home-page').then((m) => ({ Component: m.HomePage })) },
      {
        path: 'universities',
        lazy: () => import('./features/universities/universities-page').then((m) => ({ Component: m.UniversitiesPage })),
      },
      {
        path: 'programs',
        lazy: () => import('./features/programs/programs-page').then((m) => ({ Component: m.ProgramsPage })),
      },
      {
        path: 'application',
        lazy: () => import('./features/application/application-page').then((m) => ({ Component: m.ApplicationPage })),
      },
      { path: 'track', lazy: () => import('./features/track/track-page').then((m) => ({ Component: m.TrackPage })) },
      { path: 'login', lazy: () => import('./features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
      {
        path: 'register',
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
      { path: 'refer', lazy: () => import('./features/refer/refer-page').then((m) => ({ Component: m.ReferPage })) },
      { path: 'free', lazy: () => import('./features/consult/free-page').then((m) => ({ Component: m.FreePage })) },
      { path: 'staff/*', lazy: () => import('./features/staff/staff-console').then((m) => ({ Component: m.StaffConsole })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
