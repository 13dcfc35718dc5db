import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import { useIntl } from 'react-intl';

const siteName = 'UK Study Portal';

export const fullTitle = (title: string) => (title ? `${title} | ${siteName}` : siteName);

/** On the server, the page being rendered writes its title and description here for the HTML head. */
export const ServerHeadContext = createContext<{
  setTitle(title: string): void;
  setDescription(description: string): void;
} | null>(null);

/** Sets the document title for the current route (the page's own title, already in the reader's language). */
export function usePageTitle(title: string) {
  const intl = useIntl();
  const full = title
    ? intl.formatMessage(
        { id: 'page.title', defaultMessage: '{page} | UK Study Portal' },
        { page: title },
      )
    : intl.formatMessage({ id: 'site.name', defaultMessage: 'UK Study Portal' });
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setTitle(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}

const setMetaDescription = (description: string) =>
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);

/**
 * Sets the page's description (search engines show it under the title; shared links too). The
 * layout sets the site's own on every address (useSiteDescription); a page that says more about
 * itself sets its own after it.
 */
export function usePageDescription(description: string) {
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setDescription(description);
  useEffect(() => setMetaDescription(description), [description]);
}

/** The site's description, for every address: a layout effect, so a page's own (later) wins. */
export function useSiteDescription(pathname: string) {
  const intl = useIntl();
  const description = intl.formatMessage({
    id: 'site.description',
    defaultMessage:
      'Find UK universities and programs, apply with your documents and follow your application live.',
  });
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setDescription(description);
  useLayoutEffect(() => setMetaDescription(description), [description, pathname]);
}
