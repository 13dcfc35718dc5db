import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale, languageQueryParam } from '../shared/locales';
import { pageDataElementId, pageStylesElementId, type PageData } from '../shared/page-rendering';
import { applyDocumentLocale, browserLocale, rememberLocale } from './i18n/choose-language';
import { LocaleRoot } from './i18n/locale-root';
import { startMessages } from './i18n/messages';
import { replayEarlyInput } from './lib/early-input';
import { BrowserRouter } from './lib/router';
import { queryClient } from './lib/query-client';
import { AppRoutes, loadRouteCode } from './router';
import './styles.css';

/**
 * Marks the page as taken over by React (`<html data-hydrated>`): tests wait for it before clicking.
 * The taps and text kept until then are replayed.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    void replayEarlyInput();
  }, []);
  return null;
}

/**
 * A server-rendered page carries the rules its first paint uses inline (decision 0037): the
 * site's stylesheets follow now, for whatever the page shows next.
 */
function addStylesheets() {
  const list = document.getElementById(pageStylesElementId);
  if (!list) return;
  for (const href of JSON.parse(list.textContent ?? '[]') as string[]) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

async function start() {
  addStylesheets();
  const root = document.getElementById('root')!;
  const dataElement = document.getElementById(pageDataElementId);
  const data = dataElement ? (JSON.parse(dataElement.textContent ?? '{}') as PageData) : null;
  // the language the server rendered in, or (a page the browser renders alone) the browser's choice
  const locale = isLocale(data?.locale) ? data.locale : browserLocale();
  const params = new URLSearchParams(window.location.search);
  if (params.has(languageQueryParam)) rememberLocale(locale);
  applyDocumentLocale(locale);
  // this language's messages (the core's, then the areas of the screens on show, loaded with
  // their code) arrive before React renders, so hydration matches the server's text and a page the
  // browser renders alone shows at once, whole (a screen that failed to load shows the error page)
  const loadingMessages = startMessages(locale);
  const loadingScreens = loadRouteCode(window.location.pathname)?.catch(() => undefined);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleRoot>
          <BrowserRouter loadCode={loadRouteCode}>
            <AppRoutes />
          </BrowserRouter>
        </LocaleRoot>
        <HydrationMark />
      </QueryClientProvider>
    </StrictMode>
  );
  if (data) hydrate(queryClient, data.queries as DehydratedState);
  await Promise.all([loadingMessages, loadingScreens]);
  // a page the server does not render (or the dev server): the browser renders it
  if (!data) createRoot(root).render(app);
  // as a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a tap meanwhile is still hydrated and handled first)
  else startTransition(() => void hydrateRoot(root, app));
}

void start();
