import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { pageDataElementId, type PageData } from '../shared/page-rendering';
import { queryClient } from './lib/query-client';
import { routes } from './router';
import './styles.css';

/** Loads the code of the routes on screen now, so hydration renders what the server rendered. */
async function loadMatchedRoutes(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Marks the page as taken over by React (`<html data-hydrated>`): tests wait for it before clicking. */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

async function start() {
  const root = document.getElementById('root')!;
  const app = (router: ReturnType<typeof createBrowserRouter>): ReactNode => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <HydrationMark />
      </QueryClientProvider>
    </StrictMode>
  );
  const dataElement = document.getElementById(pageDataElementId);
  if (!dataElement) {
    // a page the server does not render (or the dev server): the browser renders it
    createRoot(root).render(app(createBrowserRouter(routes)));
    return;
  }
  const data = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  hydrate(queryClient, data.queries as DehydratedState);
  await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {}, actionData: null, errors: null } });
  hydrateRoot(root, app(router));
}

void start();
