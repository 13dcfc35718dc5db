import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { defaultLocale, isLocale } from '../shared/locales';
import type { PageQuery, ServerRenderer } from '../shared/page-rendering';
import { I18nProvider } from './i18n/i18n-provider';
import { LocaleContext } from './i18n/locale-context';
import { coreAreas, messagesModule, type Messages } from './i18n/messages';
import type { MessageArea } from '../shared/message-areas';
import { fullTitle, ServerHeadContext } from './components/page-title';
import { sessionPath, sessionQueryKey, sessionUserOf, type AccountUser } from './lib/auth-client';
import { catalogueQueries } from './lib/catalogue';
import { StaticRouter } from './lib/router';
import { findRoute } from './lib/screens';
import { AppRoutes, loadRouteCode, routes } from './router';

/** The server's side of first paint (shared/page-rendering.ts), built by `vite build --ssr` into dist/ssr. */

/**
 * Every language's messages of every area, English too, in the server bundle: a message react-intl
 * does not find falls back to its defaultMessage with the default formats only, so the named
 * `{amount, number, gbp}` would render "20,000" on the server and "£20,000" in the browser (React
 * error 418 on hydration).
 */
const chunks = import.meta.glob<Messages>('./i18n/compiled/*/*.json', {
  import: 'default',
  eager: true,
});
const catalogues = new Map<string, Messages>();
for (const [file, messages] of Object.entries(chunks)) {
  const locale = file.replace(/^.*\/(.+)\.json$/, '$1');
  catalogues.set(locale, { ...catalogues.get(locale), ...messages });
}
const messagesOf = (locale: string): Messages => catalogues.get(locale) ?? {};

export const renderer: ServerRenderer = {
  sessionPath,
  pagePaths: routes.flatMap((route) => (route.ssr ? [route.path] : [])),

  planPage(url) {
    const route = findRoute(routes, url.pathname);
    const messageModulesOf = (areas: Set<MessageArea>) => (locale: string) =>
      [...areas].map((area) => messagesModule(area, isLocale(locale) ? locale : defaultLocale));
    // an address no route matches: the not-found page, answered 404
    if (!route)
      return {
        status: 404,
        modules: [],
        queries: [catalogueQueries.site],
        messageModules: messageModulesOf(new Set(coreAreas)),
      };
    const { ssr } = route;
    if (!ssr) return null;
    const queries: PageQuery[] = [catalogueQueries.site, ...(ssr.data?.(url) ?? [])];
    const modules = [ssr.module];
    const areas = new Set<MessageArea>([...coreAreas, ...(ssr.areas as MessageArea[])]);
    return { modules, queries, messageModules: messageModulesOf(areas) };
  },

  async renderPage(input) {
    // the screens' code, so they render at once (and their HTML is what the browser hydrates)
    await loadRouteCode(input.url.pathname);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    for (const { queryKey, data } of input.data) queryClient.setQueryData(queryKey, data);
    queryClient.setQueryData(
      sessionQueryKey,
      sessionUserOf(input.session as { user: AccountUser } | null),
    );
    let title = fullTitle('');
    let description = '';
    const head = {
      setTitle: (pageTitle: string) => void (title = pageTitle),
      setDescription: (text: string) => void (description = text),
    };
    const locale = isLocale(input.locale) ? input.locale : defaultLocale;
    const html = renderToString(
      <StrictMode>
        <ServerHeadContext value={head}>
          <QueryClientProvider client={queryClient}>
            <LocaleContext value={{ locale, setLocale: async () => {} }}>
              <I18nProvider locale={locale} messages={messagesOf(locale)}>
                <StaticRouter location={`${input.url.pathname}${input.url.search}`}>
                  <AppRoutes />
                </StaticRouter>
              </I18nProvider>
            </LocaleContext>
          </QueryClientProvider>
        </ServerHeadContext>
      </StrictMode>,
    );
    return { html, title, description, queries: dehydrate(queryClient) };
  },
};
