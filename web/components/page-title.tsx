import { createContext, useContext, useEffect } from 'react';

const siteName = 'UK Study Portal';

export const fullTitle = (title: string) => (title ? `${title} | ${siteName}` : siteName);

/** On the server, the page being rendered writes its title here for the HTML <title>. */
export const ServerHeadContext = createContext<{ setTitle(title: string): void } | null>(null);

/** Sets the document title for the current route. */
export function usePageTitle(title: string) {
  const serverHead = useContext(ServerHeadContext);
  serverHead?.setTitle(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
