import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { isLocale, languageQueryParam } from '../shared/locales';
import { pageDataElementId, type PageData } from '../shared/page-rendering';
import { applyDocumentLocale, browserLocale, rememberLocale } from './i18n/choose-language';
import { LocaleRoot } from './i18n/locale-root';
import { startMessages } from './i18n/messages';
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
  const dataElement = document.getElementById(pageDataElementId);
  const data = dataElement ? (JSON.parse(dataElement.textContent ?? '{}') as PageData) : null;
  // the language the server rendered in, or (a page the browser renders alone) the browser's choice
  const locale = isLocale(data?.locale) ? data.locale : browserLocale();
  const params = new URLSearchParams(window.location.search);
  if (params.has(languageQueryParam)) rememberLocale(locale);
  applyDocumentLocale(locale);
  // this language's messages (the core's, then each matched route's areas, loaded by its lazy)
  // arrive before React renders, so hydration matches the server's text
  const loadingMessages = startMessages(locale);
  const app = (router: ReturnType<typeof createBrowserRouter>): ReactNode => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleRoot>
          <RouterProvider router={router} />
        </LocaleRoot>
        <HydrationMark />
      </QueryClientProvider>
    </StrictMode>
  );
  if (!data) {
    // a page the server does not render (or the dev server): the browser renders it
    await loadingMessages;
    createRoot(root).render(app(createBrowserRouter(routes)));
    return;
  }
  hydrate(queryClient, data.queries as DehydratedState);
  await Promise.all([loadingMessages, loadMatchedRoutes(routes)]);
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: {}, actionData: null, errors: null },
  });
  hydrateRoot(root, app(router));
}

void start();
