import { useEffect } from 'react';

const siteName = 'UK Study Portal';

/** Sets the document title for the current route. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : siteName;
  }, [title]);
}
