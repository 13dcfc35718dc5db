import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Issue 25 §1: leaving the form while it holds what cannot be kept (chosen files; anything, when
 * this browser keeps nothing) asks first: the browser's own question on a reload, a closed tab or
 * another site, and ours on a link inside the portal.
 */
export function useLeaveGuard(unkept: 'files' | 'everything' | null) {
  const intl = useIntl();
  const hasUnkept = unkept !== null;
  const question =
    unkept === 'everything'
      ? intl.formatMessage({
          id: 'application.draft.leaveQuestionNothingKept',
          defaultMessage:
            'Leave this page? This browser does not let us save the form: what you typed would be lost.',
        })
      : intl.formatMessage({
          id: 'application.draft.leaveQuestion',
          defaultMessage:
            'Leave this page? The files you chose are not kept: you would choose them again. What you typed stays saved.',
        });
  useEffect(() => {
    if (!hasUnkept) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.download) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search)
        return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [hasUnkept, question]);
}
