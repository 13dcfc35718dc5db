import { createContext, useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';

const siteName = 'UK Study Portal';

export const fullTitle = (title: string) => (title ? `${title} | ${siteName}` : siteName);

/** On the server, the page being rendered writes its title here for the HTML <title>. */
export const ServerHeadContext = createContext<{ setTitle(title: string): void } | null>(null);

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
