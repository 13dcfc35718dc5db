import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import type { PageHandle, PageQuery, ServerRenderer } from '../shared/page-rendering';
import { fullTitle, ServerHeadContext } from './components/page-title';
import { sessionPath, sessionQueryKey, sessionUserOf, type AccountUser } from './lib/auth-client';
import { catalogueQueries } from './lib/catalogue';
import { routes } from './router';

/** The server's side of first paint (shared/page-rendering.ts), built by `vite build --ssr` into dist/ssr. */
const handler = createStaticHandler(routes);

function renderedPaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here = route.index ? parent || '/' : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const own = (route.handle as PageHandle | undefined)?.ssr ? [here] : [];
    return [...own, ...renderedPaths(route.children ?? [], route.path ? here : parent)];
  });
}

export const renderer: ServerRenderer = {
  sessionPath,
  pagePaths: renderedPaths(routes),

  planPage(url) {
    const matches = matchRoutes(routes, url.pathname);
    const leaf = matches?.at(-1)?.route.handle as PageHandle | undefined;
    if (!matches || !leaf?.ssr) return null;
    const queries: PageQuery[] = [catalogueQueries.site];
    const modules: string[] = [];
    for (const { route } of matches) {
      const handle = route.handle as PageHandle | undefined;
      if (!handle?.ssr) continue;
      modules.push(handle.ssr.module);
      queries.push(...(handle.ssr.data?.(url) ?? []));
    }
    return { modules, queries };
  },

  async renderPage(input) {
    const context = await handler.query(new Request(input.url));
    if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of a page`);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    for (const { queryKey, data } of input.data) queryClient.setQueryData(queryKey, data);
    queryClient.setQueryData(sessionQueryKey, sessionUserOf(input.session as { user: AccountUser } | null));
    let title = fullTitle('');
    const head = { setTitle: (pageTitle: string) => void (title = pageTitle) };
    const html = renderToString(
      <StrictMode>
        <ServerHeadContext value={head}>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          </QueryClientProvider>
        </ServerHeadContext>
      </StrictMode>,
    );
    return { html, title, queries: dehydrate(queryClient) };
  },
};
